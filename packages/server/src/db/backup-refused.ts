/** A backup or restore refused, with the reason for the operator; nothing was written. */
export class BackupRefused extends Error {
  override name = 'BackupRefused';
}
