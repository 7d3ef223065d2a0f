import { describe, expect, it } from 'vitest';
import { fbtMetadataDocument, fbtMetadataUri } from './token-metadata-document';
import { FBT_TOKEN_NAME, FBT_TOKEN_SYMBOL } from './verify-expectations';

describe('the FBT metadata document', () => {
  it('names the token as the site does, with the site’s own logo', () => {
    const document = fbtMetadataDocument('https://fbt.example');
    expect(document).toMatchObject({ name: FBT_TOKEN_NAME, symbol: FBT_TOKEN_SYMBOL });
    expect(document.image).toBe('https://fbt.example/token/fbt.png');
    expect(document.description).toContain('100,000,000 FBT');
  });

  it('is addressed under the site’s origin, whatever path the origin is written with', () => {
    expect(fbtMetadataUri('https://fbt.example')).toBe('https://fbt.example/token/fbt.json');
    expect(fbtMetadataUri('http://localhost:8080/')).toBe('http://localhost:8080/token/fbt.json');
  });
});
