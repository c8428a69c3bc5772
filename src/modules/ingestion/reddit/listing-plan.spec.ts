import type { RedditItem } from '../reddit-item.js';
import { planListing } from './listing-plan.js';
import { idToNumber } from './reddit-id.js';

function post(id: string): RedditItem {
  return {
    type: 'post',
    id,
    subreddit: 's',
    author: 'a',
    title: `t ${id}`,
    selftext: '',
    permalink: `/r/s/comments/${id}/`,
    createdUtc: 1,
    score: 0,
    numComments: 0,
  };
}

const mark = (id: string) => ({ fullname: `t3_${id}`, numericId: idToNumber(id) });
const range = (from: string, to: string) => ({ from: idToNumber(from), to: idToNumber(to) });

describe('planListing', () => {
  it('keeps items newer than the mark in ascending order and moves the mark to the newest', () => {
    const plan = planListing(
      'posts',
      { mark: mark('a2'), pendingHoles: [] },
      [post('a5'), post('a4'), post('a3'), post('a2'), post('a1')],
      100,
    );

    expect(plan.items.map((item) => item.id)).toEqual(['a3', 'a4', 'a5']);
    expect(plan.next).toEqual({ mark: mark('a5'), pendingHoles: [] });
    expect(plan.holesFound).toBe(0);
  });

  it('records the ids between the old mark and the newest item that the listing skipped', () => {
    const plan = planListing(
      'posts',
      { mark: mark('a2'), pendingHoles: [] },
      [post('a9'), post('a5')],
      100,
    );

    expect(plan.next.pendingHoles).toEqual([range('a3', 'a4'), range('a6', 'a8')]);
    expect(plan.holesFound).toBe(5);
  });

  it('takes a pending hole straight from the listing when it shows up late', () => {
    const plan = planListing(
      'posts',
      { mark: mark('a9'), pendingHoles: [range('a3', 'a5')] },
      [post('a9'), post('a4')],
      100,
    );

    expect(plan.items.map((item) => item.id)).toEqual(['a4']);
    expect(plan.next).toEqual({
      mark: mark('a9'),
      pendingHoles: [range('a3', 'a3'), range('a5', 'a5')],
    });
    expect(plan.holesFilled).toBe(1);
  });

  it('ignores items at or below the mark that are not pending holes', () => {
    const plan = planListing(
      'posts',
      { mark: mark('a9'), pendingHoles: [] },
      [post('a9'), post('a8')],
      100,
    );

    expect(plan.items).toEqual([]);
    expect(plan.next.mark).toEqual(mark('a9'));
  });

  it('ignores things of the other kind', () => {
    const comment: RedditItem = {
      type: 'comment',
      id: 'zz',
      postId: 'a1',
      subreddit: 's',
      author: 'a',
      body: 'b',
      permalink: '/r/s/comments/a1/_/zz/',
      createdUtc: 1,
      score: 0,
      linkTitle: null,
    };

    const plan = planListing('posts', { mark: null, pendingHoles: [] }, [comment, post('a1')], 100);

    expect(plan.items.map((item) => item.id)).toEqual(['a1']);
  });
});
