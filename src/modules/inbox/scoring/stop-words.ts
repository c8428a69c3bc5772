/** Words too common to say anything about what a description is about. */
const STOP_WORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before ' +
    'being below between both but by can could did do does doing down during each few for from ' +
    'further had has have having he her here hers him his how i if in into is it its itself just ' +
    'me more most my no nor not now of off on once only or other our ours out over own same she ' +
    'should so some such than that the their theirs them then there these they this those through ' +
    'to too under until up us very was we were what when where which while who whom why will with ' +
    'would you your yours'
  ).split(' '),
);

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}
