import { Injectable } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';

/**
 * The document is generated from the application's routes, so it exists only once the application
 * does (setupApiDocs); the controller serves it from here.
 */
@Injectable()
export class OpenApiDocumentHolder {
  private document: OpenAPIObject | null = null;

  set(document: OpenAPIObject): void {
    this.document = document;
  }

  get(): OpenAPIObject {
    if (this.document === null) throw new Error('setupApiDocs has not run');
    return this.document;
  }
}
