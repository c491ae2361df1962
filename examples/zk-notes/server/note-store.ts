import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The example's whole database: one JSON file of ciphertext per user (`sub`). It never sees a key or a plaintext
 * note — the browser encrypts before it sends — which the example's browser test checks by reading this file.
 */
export interface StoredNote {
  id: string;
  iv: string;
  ciphertext: string;
  created_at: string;
}

export class NoteStore {
  readonly #file: string;
  #notes: Record<string, StoredNote[]>;

  constructor(file: string) {
    this.#file = file;
    try {
      this.#notes = (JSON.parse(readFileSync(file, 'utf8')) as { notes: Record<string, StoredNote[]> }).notes;
    } catch {
      this.#notes = {};
    }
  }

  list(sub: string): StoredNote[] {
    return this.#notes[sub] ?? [];
  }

  add(sub: string, note: { iv: string; ciphertext: string }): StoredNote {
    const stored = { id: randomUUID(), ...note, created_at: new Date().toISOString() };
    this.#notes[sub] = [...this.list(sub), stored];
    // Write then rename: a crash leaves the old file or the new one, never half of one.
    mkdirSync(dirname(this.#file), { recursive: true });
    writeFileSync(`${this.#file}.tmp`, JSON.stringify({ notes: this.#notes }, null, 2));
    renameSync(`${this.#file}.tmp`, this.#file);
    return stored;
  }
}
