import type { Message } from '../format';
import type { enAccount } from './account-en';

/** German (Sie-Form): the signed-in pages' messages (account-en.ts). */
export const deAccount: Record<keyof typeof enAccount, Message> = {
  'reset.key.keptTitle': 'Ihr Verschlüsselungsschlüssel bleibt erhalten',
  'reset.key.keptText':
    'Apps, die Ihre Daten verschlüsseln, verwenden einen Schlüssel, den nur Sie entsperren können. Das Zurücksetzen des Passworts hat ihn nicht gelöscht, aber Ihr neues Passwort kann ihn noch nicht öffnen: Ihn schützte das alte Passwort, und das kannten wir nie.',
  'reset.key.opensWithIntro': 'Wenn eine App das nächste Mal nach Ihrem Schlüssel fragt, öffnen Sie ihn mit:',
  'reset.key.recoveryKey':
    'Ihrem Wiederherstellungsschlüssel, dem mit TSRK2 beginnenden Code, den Sie beim Einrichten des Schlüssels gespeichert haben: Er ist genau dafür da',
  'reset.key.passkey': 'einem Passkey, der Ihren Schlüssel entsperrt',
  'reset.key.trustedDevice': 'einem Gerät, dem Sie das Öffnen Ihres Schlüssels anvertraut haben',
  'reset.key.afterwards': 'Danach öffnet Ihr neues Passwort den Schlüssel wieder.',
  'reset.key.nothingOpens':
    'Nichts anderes, das Sie eingerichtet haben, öffnet ihn. Die Daten, die diese Apps verschlüsselt haben, lassen sich daher nicht mehr lesen. Eine App kann Ihnen anbieten, einen neuen, leeren Schlüssel einzurichten.',
  'reset.key.discardedTitle': 'Ihr Verschlüsselungsschlüssel wurde entfernt',
  'reset.key.discardedText':
    'Ihre E-Mail-Adresse war noch nicht bestätigt. Deshalb wurde alles entfernt, was vor diesem Zurücksetzen für dieses Konto eingerichtet war, auch der Verschlüsselungsschlüssel. Eine App, die Ihre Daten verschlüsselt, richtet einen neuen, leeren Schlüssel ein.',

  'recoveryKey.empty': 'Es wurde kein Wiederherstellungsschlüssel eingegeben.',
  'recoveryKey.wrongLength': {
    one: 'Der Wiederherstellungsschlüssel hat {count} Zeichen; nach {prefix} sollten es {expected} sein.',
    other: 'Der Wiederherstellungsschlüssel hat {count} Zeichen; nach {prefix} sollten es {expected} sein.',
  },
  'recoveryKey.invalidCharacter':
    '„{character}“ in Gruppe {group}, Stelle {position} kommt in Wiederherstellungsschlüsseln nicht vor.',
  'recoveryKey.checksumMismatch':
    'Der Wiederherstellungsschlüssel ist nicht stimmig: Ein Zeichen ist falsch eingegeben.',

  'keybag.loading': 'Ihr Verschlüsselungsschlüssel wird geladen…',
  'keybag.title': 'Ihr Verschlüsselungsschlüssel',
  'keybag.none':
    'Sie haben noch keinen Verschlüsselungsschlüssel. Er wird eingerichtet, wenn eine App, die Ihre Daten verschlüsselt, zum ersten Mal danach fragt.',
  'keybag.intro':
    'Apps, die Ihre Daten verschlüsseln, verwenden einen Schlüssel, den nur Sie entsperren können; der Anmeldedienst kann ihn nicht lesen. Eingerichtet: {created}, zuletzt von einer App verwendet: {lastUsed}.',
  'keybag.never': 'nie',
  'keybag.opensIt': 'Was ihn öffnet',
  'keybag.opensItLabel': 'Was Ihren Verschlüsselungsschlüssel öffnet',
  'keybag.type.password': 'Passwort',
  'keybag.type.recovery_key': 'Wiederherstellungsschlüssel',
  'keybag.type.passkey_prf': 'Passkey',
  'keybag.type.trusted_device': 'Vertrauenswürdiges Gerät',
  'keybag.envelopeDates': 'Hinzugefügt: {added}; zuletzt verwendet: {lastUsed}',
  'keybag.stale': 'Öffnet Ihren Schlüssel nicht mehr (Ihr Passwort wurde ersetzt).',
  'keybag.needed': 'Wird gebraucht: Nichts anderes öffnet Ihren Schlüssel.',
  'keybag.remove.button': 'Entfernen',
  'keybag.remove.label': '{name} {label} entfernen',
  'keybag.remove.confirmLabel': 'Entfernen bestätigen',
  'keybag.remove.ask.password':
    'Ihr Passwort öffnet Ihren Verschlüsselungsschlüssel dann nicht mehr. Anmelden können Sie sich damit weiterhin.',
  'keybag.remove.ask.recovery_key':
    'Dieser Wiederherstellungsschlüssel öffnet Ihren Verschlüsselungsschlüssel dann nicht mehr, wo auch immer er notiert ist.',
  'keybag.remove.ask.passkey_prf':
    'Der Passkey „{label}“ öffnet Ihren Verschlüsselungsschlüssel dann nicht mehr. Der Passkey selbst bleibt: Sie melden sich weiterhin damit an. Um den Passkey zu löschen, verwenden Sie „Passkeys“ auf dieser Seite.',
  'keybag.remove.ask.trusted_device':
    '„{label}“ öffnet Ihren Verschlüsselungsschlüssel dann nicht mehr von selbst. Anmelden können Sie sich dort wie bisher.',
  'keybag.remove.ask.other': '„{label}“ öffnet Ihren Verschlüsselungsschlüssel dann nicht mehr.',
  'keybag.remove.confirm': 'Vom Schlüssel entfernen',
  'keybag.remove.cancel': 'Behalten',
  'keybag.remove.done.password':
    'Ihr Passwort öffnet Ihren Verschlüsselungsschlüssel nicht mehr. Anmelden können Sie sich damit weiterhin.',
  'keybag.remove.done.recovery_key':
    'Dieser Wiederherstellungsschlüssel öffnet Ihren Verschlüsselungsschlüssel nicht mehr.',
  'keybag.remove.done.passkey_prf':
    'Der Passkey „{label}“ öffnet Ihren Verschlüsselungsschlüssel nicht mehr. Der Passkey selbst wurde nicht entfernt: Sie melden sich weiterhin damit an.',
  'keybag.remove.done.trusted_device':
    '„{label}“ öffnet Ihren Verschlüsselungsschlüssel nicht mehr von selbst.',
  'keybag.remove.done.other': '„{label}“ öffnet Ihren Verschlüsselungsschlüssel nicht mehr.',
  'keybag.replaceRecoveryKey': 'Wiederherstellungsschlüssel ersetzen',
  'keybag.createRecoveryKey': 'Wiederherstellungsschlüssel erstellen',
  'keybag.unlockPurpose':
    'Der neue Wiederherstellungsschlüssel öffnet denselben Schlüssel, deshalb muss Ihr Schlüssel hier entsperrt sein.',
  'keybag.saveFailed': 'Ihr Wiederherstellungsschlüssel konnte nicht gespeichert werden',
  'keybag.replacesOld':
    'Ihr neuer Wiederherstellungsschlüssel ersetzt den alten; der alte öffnet Ihren Schlüssel dann nicht mehr.',
  'keybag.opensYourKey': 'Dieser Wiederherstellungsschlüssel öffnet Ihren Verschlüsselungsschlüssel.',
  'keybag.recoveryKeySaved': 'Ihr neuer Wiederherstellungsschlüssel ist gespeichert.',
  'keybag.failed': 'Das hat nicht geklappt',
  'keybag.check.title': 'Einen Wiederherstellungsschlüssel prüfen',
  'keybag.check.label': 'Zu prüfender Wiederherstellungsschlüssel',
  'keybag.check.hint': 'Wird nur in diesem Browser geprüft; nichts wird geändert.',
  'keybag.check.submit': 'Prüfen',
  'keybag.check.wrong': 'Dieser Wiederherstellungsschlüssel öffnet Ihren Schlüssel nicht.',
  'keybag.check.opens': 'Dieser Wiederherstellungsschlüssel öffnet Ihren Schlüssel',
  'keybag.check.keepSafe': 'Bewahren Sie ihn sicher auf.',

  'common.saving': 'Wird gespeichert…',
  'common.cancel': 'Abbrechen',

  'account.title': 'Ihr Konto',
  'account.loadFailed': 'Ihr Konto konnte nicht geladen werden',
  'account.finishFirst':
    'Schließen Sie zuerst die Anmeldung ab: Ihr Konto verlangt nach dem Passwort einen zweiten Schritt.',
  'account.finishSignIn': 'Anmeldung abschließen',
  'account.signInToSee': 'Melden Sie sich an, um Ihre Apps zu sehen und Ihr Konto zu verwalten.',
  'account.signedInAs': 'Angemeldet als {name}',
  'account.mustChangeTitle': 'Wählen Sie ein neues Passwort',
  'account.mustChangeText':
    'Ihre Administration bittet Sie, ein neues Passwort zu wählen, bevor Sie fortfahren.',
  'account.signOutTitle': 'Abmelden',
  'account.signOutText': 'Melden Sie sich auf diesem Gerät von Ihrem Konto ab.',
  'signOut.failed': 'Sie konnten nicht abgemeldet werden',
  'signOut.working': 'Wird abgemeldet…',
  'signOut.button': 'Abmelden',

  'apps.title': 'Ihre Apps',
  'apps.loading': 'Ihre Apps werden geladen…',
  'apps.none': 'Hier gibt es noch keine Apps.',

  'profile.title': 'Ihr Name',
  'profile.saved': 'Gespeichert',
  'profile.savedText': 'Apps sehen den neuen Namen, wenn Sie sich das nächste Mal bei ihnen anmelden.',
  'profile.saveFailed': 'Ihr Name konnte nicht gespeichert werden',
  'profile.name': 'Name',
  'profile.save': 'Namen speichern',

  'email.title': 'E-Mail-Adresse',
  'email.sameAddress': 'Das ist bereits Ihre Adresse.',
  'email.confirmed': '(bestätigt)',
  'email.notConfirmed': '(noch nicht bestätigt)',
  'email.confirmTitle': 'Bestätigen Sie die neue Adresse',
  'email.sentText':
    'Wir haben einen Link an {email} gesendet. Ihre Adresse ändert sich, sobald Sie ihn öffnen.',
  'email.failed': 'Ihre Adresse konnte nicht geändert werden',
  'email.taken': 'Ein anderes Konto verwendet diese Adresse.',
  'email.newAddress': 'Neue E-Mail-Adresse',
  'email.change': 'E-Mail-Adresse ändern',

  'password.title': 'Passwort',
  'password.changed': 'Ihr Passwort ist geändert',
  'password.othersSignedOut':
    'Auf anderen Geräten, auf denen Sie angemeldet waren, sind Sie jetzt abgemeldet.',
  'password.keyCarried': 'Ihr neues Passwort öffnet Ihren Verschlüsselungsschlüssel.',
  'password.keyNotCarried':
    'Ihr neues Passwort öffnet Ihren Verschlüsselungsschlüssel noch nicht: Wenn eine App das nächste Mal danach fragt, entsperren Sie ihn mit Ihrem Wiederherstellungsschlüssel.',
  'password.wrongTitle': 'Ihr aktuelles Passwort ist nicht korrekt',
  'password.wrongText':
    'Es wurde nichts geändert. Prüfen Sie Ihr aktuelles Passwort und versuchen Sie es erneut.',
  'password.failed': 'Ihr Passwort konnte nicht geändert werden',
  'password.changing': 'Passwort wird geändert…',
  'password.change': 'Passwort ändern',
  'password.current': 'Aktuelles Passwort',
  'password.new': 'Neues Passwort',

  'stepUp.title': 'Bestätigen Sie, dass Sie es sind',
  'stepUp.explanation':
    'Für Ihr Konto ist die Bestätigung in zwei Schritten aktiv, daher braucht diese Änderung einen aktuellen Code aus Ihrer Authenticator-App (oder einen Ihrer Backup-Codes). Danach geht es von selbst weiter.',
  'stepUp.submit': 'Bestätigen und fortfahren',

  'backupCodes.title': 'Speichern Sie jetzt Ihre Backup-Codes',
  'backupCodes.onlyOnce': 'Diese Codes werden nur dieses eine Mal angezeigt.',
  'backupCodes.explanation':
    'Wenn Sie Ihr Telefon oder die Authenticator-App verlieren, können Sie sich mit jedem Code einmal anstelle eines Codes aus der App anmelden. Bewahren Sie sie sicher auf, etwa in einem Passwort-Manager oder ausgedruckt.',
  'backupCodes.listLabel': 'Backup-Codes',
  'backupCodes.copy': 'Codes kopieren',
  'backupCodes.copied': 'In die Zwischenablage kopiert.',
  'backupCodes.copyFailed': 'Kopieren ist hier nicht möglich: Markieren Sie die Codes und kopieren Sie sie.',
  'backupCodes.saved': 'Ich habe diese Backup-Codes sicher aufbewahrt',
  'backupCodes.reminder':
    'Speichern Sie zuerst die Codes und setzen Sie dann das Häkchen. Sie werden sie nicht noch einmal sehen.',

  'security.turnedOff':
    'Die Bestätigung in zwei Schritten ist ausgeschaltet. Ihre Backup-Codes gelten nicht mehr.',
  'security.newCodesReady': 'Ihre neuen Backup-Codes sind bereit. Die alten gelten nicht mehr.',
  'security.savedDone': 'Gespeichert: fertig',
  'security.newCodesInUse': 'Ihre neuen Backup-Codes sind in Gebrauch.',
  'security.done': 'Erledigt',
  'security.codesFailed': 'Neue Backup-Codes konnten nicht erstellt werden',
  'security.turnOffFailed': 'Die Bestätigung in zwei Schritten konnte nicht ausgeschaltet werden',
  'security.turnOffQuestion': 'Bestätigung in zwei Schritten ausschalten?',
  'security.turnOffText':
    'Zum Anmelden genügt dann Ihr Passwort, und Ihre Backup-Codes gelten nicht mehr. Sie können sie jederzeit wieder einrichten.',
  'security.turnOffConfirm': 'Ausschalten',
  'security.keepOn': 'Eingeschaltet lassen',
  'security.creatingCodes': 'Codes werden erstellt…',
  'security.createCodes': 'Neue Backup-Codes erstellen',
  'security.newAuthenticator': 'Zu einer neuen Authenticator-App wechseln',
  'security.turningOff': 'Wird ausgeschaltet…',
  'security.turnOff': 'Bestätigung in zwei Schritten ausschalten',
  'security.requiredStaysOn':
    'Für Ihr Konto ist die Bestätigung in zwei Schritten vorgeschrieben, sie bleibt daher eingeschaltet.',
  'security.continueSetup': 'Einrichtung fortsetzen',
  'security.setUp': 'Bestätigung in zwei Schritten einrichten',
  'security.status.on': 'Ein.',
  'security.status.onText':
    'Nach Ihrem Passwort fragt die Anmeldung nach einem Code aus Ihrer Authenticator-App.',
  'security.lockedTitle': 'Codes sind vorübergehend gesperrt',
  'security.lockedUntil':
    'Es wurden zu viele falsche Codes eingegeben, daher werden bis {time} keine Codes angenommen.',
  'security.lockedForAWhile':
    'Es wurden zu viele falsche Codes eingegeben, daher werden eine Weile keine Codes angenommen.',
  'security.noCodesLeft': 'Sie haben keine unbenutzten Backup-Codes mehr. Erstellen Sie jetzt neue.',
  'security.codesLeft': {
    one: 'Noch {count} unbenutzter Backup-Code.',
    other: 'Noch {count} unbenutzte Backup-Codes.',
  },
  'security.createSoon': 'Erstellen Sie bald neue.',
  'security.status.required': 'Vorgeschrieben, noch nicht eingerichtet.',
  'security.status.requiredText':
    'Ihr Konto muss die Bestätigung in zwei Schritten verwenden: Nach Ihrem Passwort fragt die Anmeldung nach einem Code aus einer Authenticator-App.',
  'security.status.off': 'Aus.',
  'security.status.pendingText': 'Eine Einrichtung wurde begonnen, aber nicht abgeschlossen.',
  'security.status.offText':
    'Schalten Sie sie ein, damit die Anmeldung zusätzlich zu Ihrem Passwort einen Code aus einer App auf Ihrem Telefon verlangt: Ein gestohlenes Passwort allein reicht dann nicht.',

  'setup.signInFirst': 'Melden Sie sich zuerst an, um die Bestätigung in zwei Schritten einzurichten.',
  'setup.loadFailed': 'Ihre Einstellungen zur Bestätigung in zwei Schritten konnten nicht geladen werden',
  'setup.isOn':
    'Die Bestätigung in zwei Schritten ist eingeschaltet. Ab jetzt geben Sie nach Ihrem Passwort einen Code aus Ihrer Authenticator-App ein.',
  'setup.savedContinue': 'Gespeichert: weiter',
  'setup.mustUse': 'Ihr Konto muss die Bestätigung in zwei Schritten verwenden.',
  'setup.finishSigningIn': 'Richten Sie sie jetzt ein, um die Anmeldung abzuschließen.',
  'setup.finishSigningInTo': 'Richten Sie sie jetzt ein, um die Anmeldung bei {client} abzuschließen.',
  'setup.toContinue': 'Richten Sie sie jetzt ein, um fortzufahren.',
  'setup.why':
    'Mit der Bestätigung in zwei Schritten braucht die Anmeldung Ihr Passwort und einen Code aus einer App auf Ihrem Telefon. Ein gestohlenes Passwort allein reicht dann nicht.',
  'setup.needApp':
    'Sie brauchen eine Authenticator-App, die zeitbasierte Codes (TOTP) unterstützt, zum Beispiel die in Ihrem Passwort-Manager eingebaute oder eine beliebige Authenticator-App aus dem App-Store Ihres Telefons.',
  'setup.replacesTitle': 'Das ersetzt Ihren bisherigen Authenticator',
  'setup.replacesText':
    'Die Bestätigung in zwei Schritten ist bereits eingeschaltet. Eine erneute Einrichtung verlegt sie in eine neue Authenticator-App: Die alte und Ihre alten Backup-Codes gelten nicht mehr, sobald die neue bestätigt ist. Zuerst werden Sie nach einem aktuellen Code gefragt.',
  'setup.startFailed': 'Die Einrichtung konnte nicht beginnen',
  'setup.waitingForCode': 'Warten auf Ihren Code…',
  'setup.starting': 'Wird gestartet…',
  'setup.start': 'Einrichtung starten',
  'setup.keyTitle': 'Fügen Sie Ihr Konto der Authenticator-App hinzu',
  'setup.scan':
    'Wählen Sie in der Authenticator-App auf Ihrem Telefon „Konto hinzufügen“ und scannen Sie dann diesen QR-Code.',
  'setup.qrLabel': 'QR-Code für Ihre Authenticator-App',
  'setup.openOrType':
    'Ist die App auf diesem Gerät, können Sie sie {link}. Wenn Sie den Code nicht scannen können, wählen Sie in der App stattdessen die Eingabe eines Einrichtungsschlüssels und tippen Sie den Schlüssel unten ab.',
  'setup.openInApp': 'in der Authenticator-App öffnen',
  'setup.key': 'Einrichtungsschlüssel',
  'setup.keyHint': 'Buchstaben und Ziffern in Vierergruppen; die Leerzeichen spielen keine Rolle.',
  'setup.keyStandard':
    'Zeitbasiert, 6 Ziffern, alle 30 Sekunden: die Einstellungen, die die meisten Apps von selbst verwenden.',
  'setup.keyCustom':
    'Wählen Sie in der App: zeitbasiert, {algorithm}, {digits} Ziffern, alle {period} Sekunden.',
  'setup.copyKey': 'Einrichtungsschlüssel kopieren',
  'setup.copyFailed': 'Kopieren ist hier nicht möglich: Markieren Sie den Schlüssel und kopieren Sie ihn.',
  'setup.enterCode':
    'Geben Sie den Code ein, den die App jetzt für dieses Konto anzeigt, um zu prüfen, dass alles funktioniert.',
  'setup.turnOn': 'Bestätigung in zwei Schritten einschalten',
  'setup.codeHint':
    'Der {digits}-stellige Code, den die App gerade anzeigt; alle {period} Sekunden erscheint ein neuer.',
  'setup.startAgain': 'Neu beginnen',

  'passkeys.title': 'Passkeys',
  'passkeys.intro':
    'Melden Sie sich mit der Bildschirmsperre Ihres Geräts oder einem Sicherheitsschlüssel an statt mit Ihrem Passwort.',
  'passkeys.ability.unlocks': 'Entsperrt Ihre Verschlüsselungsschlüssel',
  'passkeys.ability.can_unlock_later':
    'Kann Ihre Verschlüsselungsschlüssel entsperren, sobald sie dafür eingerichtet sind',
  'passkeys.ability.cannot_unlock': 'Kann Ihre Verschlüsselungsschlüssel nicht entsperren',
  'passkeys.addedNoKeys':
    'Passkey „{name}“ hinzugefügt. Er meldet Sie an, aber dieser Authenticator kann Ihre Verschlüsselungsschlüssel nicht entsperren.',
  'passkeys.added': 'Passkey „{name}“ hinzugefügt.',
  'passkeys.addedUnlocks':
    'Passkey „{name}“ hinzugefügt. Er meldet Sie an und entsperrt Ihre Verschlüsselungsschlüssel.',
  'passkeys.nameMissing': 'Geben Sie dem Passkey einen Namen, etwa den des Geräts, auf dem er ist.',
  'passkeys.unlockPurpose':
    'Damit Ihr neuer Passkey auch Ihre Verschlüsselungsschlüssel entsperrt, entsperren Sie sie hier einmal.',
  'passkeys.unlockFormLabel': 'Den Passkey Ihre Schlüssel entsperren lassen',
  'passkeys.unlockSubmit': 'Diesen Passkey meine Schlüssel entsperren lassen',
  'passkeys.notNow': 'Nicht jetzt',
  'passkeys.nowUnlocks': 'Passkey „{name}“ entsperrt jetzt auch Ihre Schlüssel.',
  'passkeys.loadFailed': 'Ihre Passkeys konnten nicht geladen werden',
  'passkeys.newName': 'Name des neuen Passkeys',
  'passkeys.newNameHint': 'Zum Beispiel das Gerät oder der Sicherheitsschlüssel, auf dem er ist.',
  'passkeys.waiting': 'Warten auf Ihren Passkey…',
  'passkeys.add': 'Passkey hinzufügen',
  'passkeys.lastSignIn':
    'Das ist Ihre einzige Möglichkeit, sich anzumelden: Fügen Sie zuerst einen weiteren Passkey oder ein Passwort hinzu.',
  'passkeys.dates': 'hinzugefügt {added}, zuletzt verwendet {lastUsed}',
  'passkeys.cloneSuspected':
    'Dieser Passkey wurde mit einem Signaturzähler verwendet, der zurückging: Er wurde möglicherweise kopiert. Entfernen Sie ihn, wenn Sie das nicht zuordnen können.',
  'passkeys.renameLabel': 'Neuer Name',
  'passkeys.save': 'Speichern',
  'passkeys.rename': 'Umbenennen',
  'passkeys.removeNamed': '„{name}“ entfernen',

  'linked.title': 'Anmeldung über die Organisation',
  'linked.intro': 'Diese Identitätsanbieter melden Sie bei diesem Konto an.',
  'linked.unlinked':
    'Die Verknüpfung mit {name} ist aufgehoben: Er meldet Sie nicht mehr bei diesem Konto an.',
  'linked.lastSignIn':
    '{name} ist Ihre einzige Möglichkeit, sich anzumelden: Legen Sie ein Passwort fest oder fügen Sie einen Passkey hinzu, bevor Sie die Verknüpfung aufheben.',
  'linked.loadFailed': 'Ihre verknüpften Identitätsanbieter konnten nicht geladen werden',
  'linked.dates': 'verknüpft {linked}, letzte Anmeldung {lastSignIn}',
  'linked.unlinkNamed': 'Verknüpfung mit {name} aufheben',
  'linked.unlink': 'Verknüpfung aufheben',

  'devices.title': 'Vertrauenswürdige Geräte',
  'devices.loading': 'Ihre Geräte werden geladen…',
  'devices.noKey':
    'Ihr Verschlüsselungsschlüssel wird eingerichtet, wenn eine App zum ersten Mal danach fragt.',
  'devices.trusted': 'Dieser Browser ist jetzt ein vertrauenswürdiges Gerät.',
  'devices.approved': '{label} ist freigegeben. Es entsperrt Ihren Schlüssel jetzt.',
  'devices.revoked': '{label} kann Ihren Schlüssel nicht mehr entsperren.',
  'devices.none': 'Noch kein Browser entsperrt Ihren Schlüssel von selbst.',
  'devices.aBrowser': 'Ein Browser',
  'devices.thisBrowser': '(dieser Browser)',
  'devices.dates': 'hinzugefügt {added} · zuletzt verwendet {lastUsed}',
  'devices.revoke': '{label} widerrufen',
  'devices.device': 'Gerät',
  'devices.trustThis': 'Diesem Browser vertrauen',
  'devices.waitingTitle': 'Geräte, die auf Freigabe warten',
  'devices.waitingText': 'Geben Sie ein Gerät nur frei, wenn es genau diesen Code und Fingerabdruck zeigt.',
  'devices.codeAndFingerprint': 'Code {code} · Fingerabdruck {fingerprint}',
  'devices.approve': 'Freigeben',
  'devices.trustNeedsKey': 'Um diesem Browser zu vertrauen, muss Ihr Schlüssel hier entsperrt sein.',
  'devices.approveNeedsKey': 'Um {label} freizugeben, muss Ihr Schlüssel hier entsperrt sein.',

  'approval.title': 'Mit einem anderen Gerät entsperren',
  'approval.instructions':
    'Öffnen Sie auf einem Gerät, auf dem Ihr Schlüssel entsperrt ist, Ihre Kontoseite und geben Sie dieses Gerät unter „{section}“ frei. Prüfen Sie, dass dort derselbe Code und Fingerabdruck angezeigt wird.',
  'approval.code': 'Code: {code}',
  'approval.fingerprint': 'Fingerabdruck: {fingerprint}',
  'approval.waiting': 'Warten auf Freigabe…',
  'approval.failed': 'Dieses Gerät wurde nicht freigegeben',
  'approval.offer':
    'Wenn Ihr Schlüssel auf einem anderen Gerät entsperrt ist, können Sie dieses Gerät von dort aus freigeben.',
  'approval.tryAgain': 'Erneut versuchen',
  'approval.start': 'Von einem anderen Gerät freigeben',

  'recoveryKey.notGroup': 'Das ist nicht Gruppe {group} Ihres Wiederherstellungsschlüssels.',
  'recoveryKey.saveTitle': 'Speichern Sie Ihren Wiederherstellungsschlüssel',
  'recoveryKey.saveText':
    'Wenn Sie Ihr Passwort vergessen, ist dieser Wiederherstellungsschlüssel der einzige Weg zurück zu Ihrem Schlüssel. Er wird nur einmal angezeigt: Bewahren Sie ihn sicher auf, etwa in einem Passwort-Manager oder auf Papier.',
  'recoveryKey.copy': 'Kopieren',
  'recoveryKey.download': 'Herunterladen',
  'recoveryKey.copied': 'Kopiert.',
  'recoveryKey.copyFailed':
    'Kopieren hat hier nicht geklappt; markieren Sie den Schlüssel und kopieren Sie ihn.',
  'recoveryKey.groupLabel': 'Gruppe {group} Ihres Wiederherstellungsschlüssels',
  'recoveryKey.groupHint':
    'Zur Bestätigung, dass Sie ihn gespeichert haben, tippen Sie Gruppe {group} (von 11) ab, fünf Zeichen nach {prefix}.',
  'recoveryKey.savedContinue': 'Gespeichert, weiter',

  'unlock.way.password': 'Ihrem Passwort',
  'unlock.way.passkey': 'Ihrem Passkey',
  'unlock.way.recoveryKey': 'Ihrem Wiederherstellungsschlüssel',
  'unlock.passkeyDidNotUnlock':
    'Dieser Passkey hat Ihren Schlüssel nicht entsperrt. Verwenden Sie einen Passkey, der Ihren Schlüssel entsperrt, oder einen anderen Weg hier.',
  'unlock.recoveryKeyWrong':
    'Dieser Wiederherstellungsschlüssel öffnet Ihren Schlüssel nicht. Prüfen Sie, ob es Ihr neuester ist.',
  'unlock.withWays': 'Entsperren Sie ihn auf dieser Seite mit {ways}.',
  'unlock.noWay':
    'Nichts, was Sie auf dieser Seite verwenden können, öffnet Ihren Schlüssel: Entsperren Sie ihn bei Ihrer nächsten Anmeldung in einer App, oder geben Sie diesen Browser von einem Ihrer vertrauenswürdigen Geräte aus frei.',
  'unlock.unlock': 'Entsperren',
  'unlock.passwordWrong': 'Dieses Passwort öffnet Ihren Schlüssel nicht.',
  'unlock.unlocking': 'Wird entsperrt…',
  'unlock.withPasskey': 'Mit Passkey entsperren',
  'unlock.recoveryKeyLabel': 'Ihr Wiederherstellungsschlüssel',
  'unlock.recoveryKeyHint': 'Er beginnt mit {prefix} und hat 11 Gruppen zu je fünf Zeichen.',
  'unlock.withRecoveryKey': 'Mit Wiederherstellungsschlüssel entsperren',
  'unlock.passwordNotCorrect': 'Dieses Passwort ist nicht korrekt.',
  'unlock.yourPassword': 'Ihr Passwort',

  'zk.checking': 'Ihr Verschlüsselungsschlüssel wird geprüft…',
  'zk.loadFailed': 'Ihr Verschlüsselungsschlüssel konnte nicht geladen werden',
  'zk.askAdmin': 'Bitten Sie Ihre Administration um Hilfe.',
  'zk.back': 'Zurück',
  'zk.rewrap.title': 'Ihr Schlüssel ist entsperrt',
  'zk.rewrap.text':
    'Geben Sie Ihr aktuelles Passwort ein, damit es Ihren Schlüssel beim nächsten Mal wieder öffnet. Andernfalls brauchen Sie erneut Ihren Wiederherstellungsschlüssel.',
  'zk.rewrap.submit': 'Nächstes Mal mein Passwort verwenden',
  'zk.rewrap.skip': 'Überspringen',
  'zk.locked.passkeyDidNotUnlock':
    'Dieser Passkey hat Ihren Schlüssel nicht entsperrt. Verwenden Sie den Passkey, mit dem Sie Ihren Schlüssel geschützt haben, oder einen anderen Weg unten.',
  'zk.locked.title': 'Entsperren Sie Ihren Verschlüsselungsschlüssel',
  'zk.locked.intro':
    '{client} verschlüsselt Ihre Daten mit einem Schlüssel, den nur Sie entsperren können. Der Anmeldedienst kann ihn nicht lesen.',
  'zk.locked.orgNoPasswordTitle': 'Ihre Organisation erlaubt Ihr Passwort hier nicht',
  'zk.locked.orgNoPasswordText':
    'Die Richtlinie Ihrer Organisation erlaubt es nicht, Ihren Schlüssel für {client} mit Ihrem Passwort zu entsperren. Verwenden Sie einen anderen Weg unten.',
  'zk.locked.staleTitle': 'Ihr Passwort öffnet Ihren Schlüssel nicht mehr',
  'zk.locked.staleText':
    'Ihr Passwort wurde zurückgesetzt oder geändert, seit Ihr Schlüssel zuletzt eingerichtet wurde, deshalb kann es ihn nicht öffnen. Verwenden Sie Ihren Wiederherstellungsschlüssel.',
  'zk.locked.passwordWrongTitle': 'Ihr Passwort öffnet Ihren Schlüssel nicht',
  'zk.locked.withPassword': 'Mit Passwort entsperren',
  'zk.locked.useRecoveryKey': 'Verwenden Sie stattdessen Ihren Wiederherstellungsschlüssel.',
  'zk.locked.noWayTitle': 'Ihr Schlüssel lässt sich hier auf keinem Weg entsperren',
  'zk.locked.lostRecoveryKey': 'Wiederherstellungsschlüssel verloren? {button}',
  'zk.newKey.title': 'Neuen Schlüssel einrichten',
  'zk.newKey.lossTitle': 'Mit Ihrem alten Schlüssel verschlüsselte Daten gehen verloren',
  'zk.newKey.lossText':
    'Ein neuer Schlüssel ersetzt Ihren alten für jede App. {client} und Ihre anderen Apps können nichts mehr öffnen, was sie mit Ihrem alten Schlüssel verschlüsselt haben, und niemand – auch nicht der Anmeldedienst – kann es wiederherstellen. Tun Sie das nur, wenn Sie Ihren alten Schlüssel nicht entsperren können.',
  'zk.newKey.understand':
    'Mir ist klar, dass mit meinem alten Schlüssel verschlüsselte Daten nicht wiederhergestellt werden können',
  'zk.newKey.confirmFirst': 'Bestätigen Sie zuerst, dass Ihnen das klar ist.',
  'zk.setup.title': 'Verschlüsselungsschlüssel einrichten',
  'zk.setup.enterPassword':
    '{client} verschlüsselt Ihre Daten mit einem Schlüssel, den nur Sie entsperren können. Geben Sie Ihr Passwort ein: Es wird Ihren Schlüssel schützen.',
  'zk.setup.failed': 'Ihr Schlüssel konnte nicht eingerichtet werden',
  'zk.setup.newKeyReady':
    'Ihr neuer Schlüssel kann eingerichtet werden. {client} erhält einen neuen Schlüssel.',
  'zk.setup.passwordProtects':
    '{client} verschlüsselt Ihre Daten mit einem Schlüssel, den nur Sie entsperren können; Ihr Passwort schützt ihn. Der Anmeldedienst kann ihn nicht lesen.',
  'zk.setup.recoveryProtects':
    '{client} verschlüsselt Ihre Daten mit einem Schlüssel, den nur Sie entsperren können; dieser Wiederherstellungsschlüssel schützt ihn. Der Anmeldedienst kann ihn nicht lesen.',
  'zk.setup.recoveryProtectsNoPassword':
    '{client} verschlüsselt Ihre Daten mit einem Schlüssel, den nur Sie entsperren können; dieser Wiederherstellungsschlüssel schützt ihn (Ihre Organisation erlaubt nicht, ihn mit Ihrem Passwort zu schützen). Der Anmeldedienst kann ihn nicht lesen.',
  'zk.setup.passkeyName': 'Passkey vom {date}',
  'zk.setup.passkeyNoPrfOrRecovery':
    'Dieser Passkey wurde zum Anmelden hinzugefügt, kann aber keine Schlüssel schützen. Verwenden Sie stattdessen einen Wiederherstellungsschlüssel oder versuchen Sie einen anderen Passkey.',
  'zk.setup.passkeyNoPrf':
    'Dieser Passkey wurde zum Anmelden hinzugefügt, kann aber keine Schlüssel schützen. Versuchen Sie einen anderen Passkey.',
  'zk.setup.passkeyAndRecovery':
    'Ihr Passkey „{name}“ schützt Ihren Schlüssel. Dieser Wiederherstellungsschlüssel öffnet ihn ebenfalls, falls Sie den Passkey verlieren.',
  'zk.setup.passkeyOnly':
    'Ihr Passkey „{name}“ schützt Ihren Schlüssel. Ihre Organisation erlaubt keine Wiederherstellungsschlüssel: Wenn Sie diesen Passkey verlieren, lassen sich Daten unter diesem Schlüssel nicht wiederherstellen.',
  'zk.setup.settingUp': 'Wird eingerichtet…',
  'zk.setup.submit': 'Meinen Schlüssel einrichten',
  'zk.setup.choose':
    '{client} verschlüsselt Ihre Daten mit einem Schlüssel, den nur Sie entsperren können. Ihr Konto hat kein Passwort, wählen Sie also, was Ihren Schlüssel schützt: ein Passkey auf diesem Gerät oder ein Wiederherstellungsschlüssel, den Sie sicher aufbewahren.',
  'zk.setup.passkeyCannotTitle': 'Der Passkey kann Ihren Schlüssel nicht schützen',
  'zk.setup.withPasskey': 'Mit einem Passkey schützen',
  'zk.setup.withRecoveryKey': 'Einen Wiederherstellungsschlüssel verwenden',
  'zk.setup.passwordOnly':
    '{client} verschlüsselt Ihre Daten mit einem Schlüssel, den nur Sie entsperren können; Ihr Passwort schützt ihn. Ihre Organisation erlaubt keine Wiederherstellungsschlüssel: Wenn Sie Ihr Passwort vergessen, lassen sich Daten unter diesem Schlüssel nicht wiederherstellen.',
  'zk.notPossible.newKeyTitle': 'Ein neuer Schlüssel kann hier nicht eingerichtet werden',
  'zk.notPossible.title': 'Ihr Verschlüsselungsschlüssel kann hier nicht eingerichtet werden',
  'zk.notPossible.withPassword':
    'Die Richtlinie Ihrer Organisation erlaubt weder Ihr Passwort noch einen Wiederherstellungsschlüssel zum Schutz Ihres Verschlüsselungsschlüssels, und ein Schlüssel lässt sich nur mit einem davon einrichten. Passkeys und vertrauenswürdige Geräte können nur zu einem bestehenden Schlüssel hinzugefügt werden.',
  'zk.notPossible.withoutPassword':
    'Ihr Konto hat kein Passwort, und die Richtlinie Ihrer Organisation erlaubt weder einen Passkey noch einen Wiederherstellungsschlüssel zum Schutz Ihres Verschlüsselungsschlüssels.',
  'zk.passkeyCannot.title': 'Ihr Passkey kann Ihre Schlüssel nicht entsperren',
  'zk.passkeyCannot.text':
    'Der Passkey, mit dem Sie sich angemeldet haben, kann Ihre Verschlüsselungsschlüssel hier nicht entsperren. Verwenden Sie diesmal Ihr Passwort oder Ihren Wiederherstellungsschlüssel.',
  'recoveryKey.label': 'Wiederherstellungsschlüssel vom {date}',
  'devices.browserOnSystem': '{browser} unter {system}',
};
