import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STREAM_TOPICS } from '@fbt/domain';
import { BFF_SOURCE } from '../src/bff-layers';
import { findTopicNames, strayTopicNames } from '../src/topic-names';
import { REPO_ROOT, repositoryFiles } from '../src/tracked-files';

const read = (files: readonly string[]) =>
  files.map((file) => ({ file, source: readFileSync(path.join(REPO_ROOT, file), 'utf8') }));

describe('the topic name check', () => {
  const dir = 'tools/repo-checks/test/support/fixtures/topic-names';
  const files = ['topics/price.ts', 'topics/presale.ts', 'topics/goals.ts', 'plugins/hub.ts'].map(
    (file) => `${dir}/${file}`,
  );
  const topics = ['presale:public', 'presale:leader', 'price', 'goals', 'leaderboard'];

  it('finds a topic named outside the topics folder, and one named by two topic files', () => {
    const stray = strayTopicNames(read(files), `${dir}/topics/`, topics).map(
      ({ file, line, text }) => `${path.relative(dir, file)}:${line} ${text}`,
    );
    expect(stray).toEqual([
      "topics/goals.ts:2 'price'",
      "topics/goals.ts:2 'presale:leader'",
      "plugins/hub.ts:8 'leaderboard'",
      'plugins/hub.ts:9 `presale:${…}`',
      "plugins/hub.ts:10 'price'",
    ]);
  });

  it('passes topic files that each name their own topics', () => {
    expect(strayTopicNames(read(files.slice(0, 2)), `${dir}/topics/`, topics)).toEqual([]);
  });
});

describe("the BFF's cached topics", () => {
  it('are each named in their own file of src/topics/ and nowhere else in the source', () => {
    const files = repositoryFiles().filter(
      (file) =>
        file.startsWith(`${BFF_SOURCE}/`) && file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    const sources = read(files);
    // Sanity: the topic files are among them, and they do name the topics.
    const priceFile = sources.find(({ file }) => file === `${BFF_SOURCE}/topics/price.ts`);
    expect(
      findTopicNames(priceFile?.file ?? '', priceFile?.source ?? '', STREAM_TOPICS),
    ).not.toEqual([]);
    expect(strayTopicNames(sources, `${BFF_SOURCE}/topics/`, STREAM_TOPICS)).toEqual([]);
  });
});
