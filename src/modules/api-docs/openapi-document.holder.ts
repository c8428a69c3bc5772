import { Injectable } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';

/**
 * The document is generated from the application's routes, so only the application can make it
 * (setupApiDocs hands the factory over); it is built on first request, once.
 */
@Injectable()
export class OpenApiDocumentHolder {
  private build: (() => OpenAPIObject) | null = null;
  private document: OpenAPIObject | null = null;

  provide(build: () => OpenAPIObject): void {
    this.build = build;
  }

  get(): OpenAPIObject {
    if (this.document === null) {
      if (this.build === null) throw new Error('setupApiDocs has not run');
      this.document = this.build();
    }
    return this.document;
  }
}
