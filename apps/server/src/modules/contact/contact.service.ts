import type { ContactRequest } from '@nivesh/shared';
import type { Db } from '../../db/database.js';
import { contactRepository } from './contact.repository.js';

export class ContactService {
  constructor(private readonly db: Db) {}

  save(input: ContactRequest, ip: string) {
    return contactRepository.insert(this.db, { ...input, ip });
  }
}
