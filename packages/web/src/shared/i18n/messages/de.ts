import type { Message } from '../format';
import { deAccount } from './account-de';
import type { en } from './en';

/** German (Sie-Form). */
export const de: Record<keyof typeof en, Message> = {
  'common.siteName': 'Tessera',
  'common.loading': 'Wird geladen…',
  'common.show': 'Anzeigen',
  'common.hide': 'Verbergen',
  'common.continue': 'Weiter',
  'common.signIn': 'Anmelden',
  'common.sending': 'Wird gesendet…',
  'common.checking': 'Wird geprüft…',
  'common.emailAddress': 'E-Mail-Adresse',
  'common.password': 'Passwort',
  'common.backToSignIn': 'Zurück zur Anmeldung',
  'common.goToSignIn': 'Zur Anmeldung',
  'common.checkYourEmail': 'Prüfen Sie Ihre E-Mails',
  'common.signedInAs': 'Angemeldet als {name}',
  'common.nameAndEmail': '{name} ({email})',
  'language.label': 'Sprache',

  'validation.emailEmpty': 'Geben Sie Ihre E-Mail-Adresse ein.',
  'validation.emailInvalid': 'Geben Sie eine E-Mail-Adresse wie name@example.com ein.',
  'validation.passwordEmpty': 'Geben Sie Ihr Passwort ein.',
  'validation.nameTooLong': 'Verwenden Sie höchstens {max} Zeichen.',
  'validation.newPasswordEmpty': 'Wählen Sie ein Passwort.',
  'validation.newPasswordTooShort':
    'Verwenden Sie mindestens {min} Zeichen. Einige Wörter ohne Zusammenhang ergeben ein starkes Passwort.',
  'validation.newPasswordTooLong': 'Verwenden Sie höchstens {max} Zeichen.',
  'validation.newPasswordHint':
    'Mindestens {min} Zeichen. Einige Wörter ohne Zusammenhang sind leicht zu merken und schwer zu erraten.',
  'validation.samePassword': 'Wählen Sie ein anderes Passwort als das bisherige.',

  'error.network_error':
    'Der Server ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es noch einmal.',
  'error.invalid_credentials': 'E-Mail-Adresse oder Passwort ist nicht korrekt.',
  'error.email_not_verified':
    'Bestätigen Sie zuerst Ihre E-Mail-Adresse. Verwenden Sie dazu den Link, den wir Ihnen geschickt haben.',
  'error.registration_closed':
    'Neue Konten werden hier von einer Administratorin oder einem Administrator angelegt. Sie können selbst kein Konto erstellen.',
  'error.email_not_configured':
    'Dieser Dienst kann zurzeit keine E-Mails senden, daher ist dieser Schritt nicht möglich. Bitte wenden Sie sich an die Administration.',
  'error.email_taken': 'Für diese E-Mail-Adresse gibt es bereits ein Konto. Melden Sie sich stattdessen an.',
  'error.email_domain_federated':
    'Adressen dieser Domain melden sich über Ihre Organisation an. Wählen Sie auf der Anmeldeseite „Mit Ihrer Organisation anmelden“.',
  'error.invalid_token':
    'Dieser Link ist nicht mehr gültig: Er wurde bereits verwendet, ist abgelaufen oder unvollständig.',
  'error.request_not_found':
    'Diese Anmeldeanfrage ist unbekannt, abgeschlossen oder abgelaufen. Kehren Sie zur App zurück und beginnen Sie neu.',
  'error.request_already_used':
    'Diese Anmeldeanfrage wurde bereits abgeschlossen. Kehren Sie zur App zurück und beginnen Sie neu.',
  'error.request_browser_mismatch':
    'Diese Anmeldeanfrage wurde in einem anderen Browser gestartet. Kehren Sie in diesem Browser zur App zurück und beginnen Sie neu.',
  'error.login_required': 'Bitte melden Sie sich erneut an, um fortzufahren.',
  'error.not_signed_in':
    'Sie sind nicht mehr angemeldet. Melden Sie sich an und versuchen Sie es noch einmal.',
  'error.second_factor_required':
    'Schließen Sie zuerst die Anmeldung mit dem Code aus Ihrer Authenticator-App ab.',
  'error.step_up_required':
    'Bestätigen Sie zuerst mit einem aktuellen Code aus Ihrer Authenticator-App, dass Sie es sind.',
  'error.csrf_failed':
    'Ihre Sitzung wurde in einem anderen Tab geändert. Laden Sie die Seite neu und versuchen Sie es noch einmal.',
  'error.rate_limited': 'Zu viele Versuche. Warten Sie einen Moment und versuchen Sie es dann noch einmal.',
  'error.invalid_user_code':
    'Dieser Code ist ungültig oder abgelaufen. Prüfen Sie den Code auf Ihrem Gerät und versuchen Sie es noch einmal.',
  'error.not_found': 'Diese Funktion ist auf diesem Server noch nicht verfügbar.',
  'error.device_approval_not_found':
    'Diese Freigabeanfrage wartet nicht mehr: Sie ist abgelaufen oder wurde bereits verwendet. Beginnen Sie auf dem neuen Gerät neu.',
  'error.device_approval_not_allowed':
    'Die Freigabe eines Geräts von einem anderen Gerät aus ist auf diesem Server ausgeschaltet.',
  'error.too_many_device_approvals':
    'Mehrere Geräte warten bereits auf eine Freigabe. Warten Sie einige Minuten und versuchen Sie es dann noch einmal.',
  'error.last_unlock_envelope':
    'Dies ist die letzte verbleibende Möglichkeit, Ihren Schlüssel zu entsperren, daher kann sie nicht entfernt werden. Fügen Sie zuerst eine weitere hinzu.',
  'error.envelope_type_not_allowed':
    'Die Richtlinie Ihrer Organisation erlaubt es nicht, Ihren Schlüssel auf diese Weise zu entsperren. Verwenden Sie einen anderen Weg, etwa Ihren Wiederherstellungsschlüssel, oder fragen Sie Ihre Administration.',
  'error.serverFailure':
    'Bei uns ist etwas schiefgelaufen. Bitte versuchen Sie es in einem Moment noch einmal.',
  'error.otherCode': 'Etwas ist schiefgelaufen ({code}). Bitte versuchen Sie es noch einmal.',
  'error.inPage':
    'Auf dieser Seite ist etwas schiefgelaufen. Laden Sie sie neu und versuchen Sie es noch einmal.',

  'oauthError.invalid_client':
    'Die App, die Sie hierher geschickt hat, ist bei diesem Anmeldedienst nicht registriert oder darf ihn nicht verwenden.',
  'oauthError.invalid_request':
    'Die App, die Sie hierher geschickt hat, hat eine Anmeldeanfrage gestellt, die dieser Dienst nicht annehmen kann, zum Beispiel mit einer Rücksprungadresse, die die App nie registriert hat.',
  'oauthError.unauthorized_client':
    'Die App, die Sie hierher geschickt hat, darf Sie nicht auf diese Weise anmelden.',
  'oauthError.unsupported_response_type':
    'Die App, die Sie hierher geschickt hat, verlangt eine Art der Anmeldung, die dieser Dienst nicht anbietet.',
  'oauthError.invalid_scope':
    'Die App, die Sie hierher geschickt hat, verlangt einen Zugriff, den dieser Dienst nicht anbietet.',
  'oauthError.access_denied': 'Die Anmeldung wurde abgebrochen oder nicht erlaubt.',
  'oauthError.server_error': 'Bei uns ist etwas schiefgelaufen. Bitte versuchen Sie es später noch einmal.',
  'oauthError.temporarily_unavailable':
    'Der Anmeldedienst ist ausgelastet oder wird gewartet. Bitte versuchen Sie es in einigen Minuten noch einmal.',
  'oauthError.fallback': 'Bei der Anmeldeanfrage ist etwas schiefgelaufen.',

  'errorPage.title': 'Die Anmeldung konnte nicht fortgesetzt werden',
  'errorPage.panelTitle': 'Wir konnten diese Anfrage nicht abschließen',
  'errorPage.closeHint':
    'Sie können diese Seite schließen und zur App zurückkehren. Wenn das wiederholt passiert, wenden Sie sich an den Support der App.',
  'errorPage.technicalDetails': 'Technische Details',
  'errorPage.errorCode': 'Fehlercode',
  'errorPage.description': 'Beschreibung',

  'home.intro':
    'Dies ist der Anmeldedienst {product}. Apps, die {product} verwenden, schicken Sie zur Anmeldung hierher und danach wieder zurück.',
  'home.goToAccount': 'Zu Ihrem Konto',
  'notFound.title': 'Seite nicht gefunden',
  'notFound.text':
    'Unter dieser Adresse gibt es keine Seite. Prüfen Sie den Link oder beginnen Sie von vorn.',
  'notFound.startPage': 'Zur Startseite',

  'signIn.title': 'Anmelden',
  'signIn.continueTo': 'Melden Sie sich an, um mit {client} fortzufahren.',
  'signIn.signingIn': 'Anmeldung läuft…',
  'signIn.failedTitle': 'Wir konnten Sie nicht anmelden',
  'signIn.invalidCredentials':
    'E-Mail-Adresse oder Passwort ist nicht korrekt. Prüfen Sie beides und versuchen Sie es noch einmal.',
  'signIn.confirmFirstTitle': 'Bestätigen Sie zuerst Ihre E-Mail-Adresse',
  'signIn.confirmFirstText':
    'Öffnen Sie den Link, den wir an {email} geschickt haben, um die Adresse zu bestätigen, und melden Sie sich dann an. Es kann einige Minuten dauern, bis er ankommt; sehen Sie auch im Spam-Ordner nach.',
  'signIn.forgotPassword': 'Passwort vergessen?',
  'signIn.createAccount': 'Konto erstellen',
  'passkey.signIn': 'Mit einem Passkey anmelden',
  'passkey.waiting': 'Warten auf Ihren Passkey…',
  'passkey.failedTitle': 'Wir konnten Sie nicht mit einem Passkey anmelden',
  'passkey.rejectedFor':
    'Dieser Passkey ist nicht für {email} registriert oder konnte nicht überprüft werden.',
  'passkey.rejected':
    'Dieser Passkey ist für kein Konto hier registriert oder konnte nicht überprüft werden.',
  'organizationSignIn.open': 'Mit Ihrer Organisation anmelden',
  'organizationSignIn.noSsoTitle': 'Kein Single Sign-on für diese Adresse',
  'organizationSignIn.noSsoText':
    'Ihre Organisation meldet sich hier nicht über einen eigenen Anbieter an: Verwenden Sie unten Ihr Passwort.',
  'organizationSignIn.failedTitle': 'Wir konnten Ihre Adresse nicht prüfen',
  'organizationSignIn.workEmail': 'Geschäftliche E-Mail-Adresse',
  'resend.sentTitle': 'Wir haben einen neuen Link gesendet',
  'resend.sentText':
    'Falls {email} noch bestätigt werden muss, ist ein neuer Link unterwegs. Öffnen Sie ihn und melden Sie sich dann an.',
  'resend.failedTitle': 'Wir konnten den Link nicht senden',
  'resend.button': 'Link erneut senden',

  'register.title': 'Konto erstellen',
  'register.closedTitle': 'Sie können hier kein Konto erstellen',
  'register.closedText':
    'Neue Konten werden bei diesem Dienst von der Administration angelegt. Bitten Sie dort um ein Konto, oder melden Sie sich an, falls Sie bereits eines haben.',
  'register.oneMoreStep': 'Noch ein Schritt',
  'register.sentText':
    'Wir haben einen Link an {email} gesendet. Öffnen Sie ihn, um Ihre Adresse zu bestätigen, und melden Sie sich dann an. Der Link funktioniert einmal und läuft nach 24 Stunden ab.',
  'register.noEmail': 'Nach einigen Minuten noch keine E-Mail? Sehen Sie im Spam-Ordner nach, oder:',
  'register.takenTitle': 'Für diese E-Mail-Adresse gibt es bereits ein Konto',
  'register.takenText': '{signIn} oder {reset}, falls Sie es vergessen haben.',
  'register.takenSignIn': 'Melden Sie sich stattdessen an',
  'register.resetLink': 'setzen Sie Ihr Passwort zurück',
  'register.failedTitle': 'Wir konnten Ihr Konto nicht erstellen',
  'register.name': 'Ihr Name',
  'register.nameHint': 'Optional. Apps, bei denen Sie sich anmelden, können ihn anzeigen.',
  'register.creating': 'Ihr Konto wird erstellt…',
  'register.submit': 'Konto erstellen',
  'register.haveAccount': 'Sie haben bereits ein Konto?',

  'forgot.title': 'Passwort zurücksetzen',
  'forgot.sentTitle': 'Link zum Zurücksetzen gesendet',
  'forgot.sentText':
    'Falls {email} zu einem Konto gehört, haben wir an diese Adresse einen Link gesendet, mit dem Sie ein neues Passwort wählen können. Der Link funktioniert einmal und läuft nach einer Stunde ab.',
  'forgot.noEmail':
    'Nach einigen Minuten noch keine E-Mail? Sehen Sie im Spam-Ordner nach oder versuchen Sie es später noch einmal.',
  'forgot.intro':
    'Geben Sie die E-Mail-Adresse Ihres Kontos ein. Wir senden Ihnen einen Link, mit dem Sie ein neues Passwort wählen können.',
  'forgot.failedTitle': 'Wir konnten den Link nicht senden',
  'forgot.submit': 'Link zum Zurücksetzen senden',

  'logout.signedOutTitle': 'Sie sind abgemeldet',
  'logout.signedOut': 'Abgemeldet',
  'logout.signedOutText':
    'Sie sind auf diesem Gerät von Ihrem Konto abgemeldet. Sie können diese Seite schließen.',
  'logout.signInAgain': 'Erneut anmelden',
  'logout.title': 'Abmelden?',
  'logout.checkFailed': 'Wir konnten nicht prüfen, ob Sie angemeldet sind',
  'logout.question': 'Sie sind angemeldet als {user}. Möchten Sie sich auf diesem Gerät abmelden?',
  'logout.stay': 'Angemeldet bleiben',

  'authorize.title': 'Zugriff erlauben',
  'authorize.notFoundTitle': 'Anmeldeanfrage nicht gefunden',
  'authorize.incompleteTitle': 'Dieser Link ist unvollständig',
  'authorize.incompleteText': 'Kehren Sie zur App zurück und starten Sie die Anmeldung neu.',
  'authorize.cannotContinue': 'Wir können diese Anmeldung nicht fortsetzen',
  'authorize.closeHint': 'Sie können diese Seite schließen und zur App zurückkehren.',
  'authorize.membershipRequiredTitle': 'Mitgliedschaft in einer Organisation erforderlich',
  'authorize.continuing': 'Weiter zu {client}…',
  'authorize.wantsAccess': '{client} möchte Ihr Konto verwenden.',
  'authorize.signedInAs': 'Angemeldet als {user}.',
  'authorize.notYou': 'Nicht Sie? Anderes Konto verwenden',
  'authorize.failedTitle': 'Wir konnten diesen Schritt nicht abschließen',
  'authorize.scopesHeading': 'Wenn Sie zustimmen, kann {client}:',
  'authorize.memberOf': 'Fortfahren als Mitglied von',
  'authorize.returnTo': 'Danach kehren Sie zu {origin} zurück.',
  'authorize.approve': 'Zustimmen',
  'authorize.approving': 'Wird erlaubt…',
  'authorize.deny': 'Ablehnen',
  'authorize.denying': 'Wird abgelehnt…',
  'authorize.keyCreatedTitle': 'Ihr Verschlüsselungsschlüssel ist eingerichtet',
  'authorize.keyCreatedText':
    '{client} erhält seinen Schlüssel, wenn Sie zustimmen. Bewahren Sie Ihren Wiederherstellungsschlüssel sicher auf.',
  'authorize.newKeyTitle': 'Sie haben einen neuen Verschlüsselungsschlüssel',
  'authorize.newKeyText':
    '{client} erhält einen neuen Schlüssel. Daten, die mit Ihrem alten Schlüssel verschlüsselt wurden, lassen sich nicht mehr öffnen. Bewahren Sie Ihren neuen Wiederherstellungsschlüssel sicher auf.',
  'authorize.keyUnlockedTitle': 'Ihr Verschlüsselungsschlüssel ist entsperrt',
  'authorize.keyUnlockedText': '{client} erhält seinen Schlüssel, wenn Sie zustimmen.',
  'authorize.membersOnly': '{client} kann nur als Mitglied einer Organisation verwendet werden.',
  'authorize.noOrganizationTitle': 'Sie sind kein Mitglied einer Organisation',
  'authorize.noOrganizationText':
    'Sie sind als {email} angemeldet, und dieses Konto gehört zu keiner Organisation. Daher können Sie nicht mit {client} fortfahren.',
  'authorize.askForInvite':
    'Bitten Sie jemanden, der Ihre Organisation verwaltet, Sie einzuladen. Sobald Sie die Einladung angenommen haben, melden Sie sich erneut bei {client} an.',
  'authorize.backFailedTitle': 'Wir konnten Sie nicht zur App zurückbringen',
  'authorize.refusalReturn':
    'Sie kehren zu {origin} zurück. Dort wird mitgeteilt, dass Sie nicht fortfahren konnten.',
  'authorize.returning': 'Zurück…',
  'authorize.backTo': 'Zurück zu {client}',
  // The device page (RFC 8628): a code shown by a TV or console, entered here
  'device.title': 'Gerät verbinden',
  'device.intro':
    'Geben Sie den Code ein, den Ihr Fernseher, Ihre Konsole oder Ihr anderes Gerät anzeigt, um es mit Ihrem Konto anzumelden.',
  'device.codeLabel': 'Code von Ihrem Gerät',
  'device.codeHint':
    'Acht Buchstaben, etwa BCDF-GHJK. Groß- und Kleinschreibung und der Bindestrich spielen keine Rolle.',
  'device.codeEmpty': 'Geben Sie den Code ein, den Ihr Gerät anzeigt.',
  'device.submit': 'Weiter',
  'device.failedTitle': 'Dieser Code konnte nicht verwendet werden',
  'device.approvedTitle': 'Ihr Gerät ist verbunden',
  'device.approvedText':
    'Kehren Sie zu Ihrem Gerät zurück: Es macht in wenigen Sekunden von selbst weiter. Sie können diese Seite schließen.',
  'device.deniedTitle': 'Zugriff verweigert',
  'device.deniedText':
    'Das Gerät hat keinen Zugriff auf Ihr Konto erhalten. Sie können diese Seite schließen.',
  'device.anotherCode': 'Einen anderen Code eingeben',
  'device.consentNoticeTitle': 'Ist das Ihr Gerät?',
  'device.consentNotice':
    'Ein Gerät möchte mit Ihrem Konto angemeldet werden. Erlauben Sie es nur, wenn Sie die Anmeldung selbst auf einem Gerät begonnen haben, das Sie gerade benutzen, und den dort angezeigten Code eingegeben haben. Wenn Sie zustimmen, kann {client} auf diesem Gerät tun, was oben aufgeführt ist.',
  'scope.openid': 'Sie mit Ihrem Konto anmelden',
  'scope.profile': 'Ihren Namen lesen',
  'scope.email': 'Ihre E-Mail-Adresse lesen und ob sie bestätigt ist',
  'scope.offline_access': 'Angemeldet bleiben, wenn Sie die App nicht verwenden',
  // Password reset from the emailed link
  'reset.title': 'Passwort zurücksetzen',
  'reset.invalidTitle': 'Dieser Link zum Zurücksetzen funktioniert nicht',
  'reset.invalidText':
    'Er wurde bereits verwendet, ist abgelaufen oder unvollständig. Links zum Zurücksetzen funktionieren einmal und eine Stunde lang.',
  'reset.askAgain': 'Neuen Link anfordern',
  'reset.doneTitle': 'Passwort geändert',
  'reset.doneNotice': 'Ihr neues Passwort ist gesetzt',
  'reset.doneText':
    'Zu Ihrer Sicherheit wurden Sie überall abgemeldet. Melden Sie sich mit Ihrem neuen Passwort an.',
  'reset.checking': 'Ihr Link wird geprüft…',
  'reset.chooseTitle': 'Neues Passwort wählen',
  'reset.failedTitle': 'Wir konnten Ihr neues Passwort nicht festlegen',
  'reset.account': 'Konto',
  'reset.newPassword': 'Neues Passwort',
  'reset.saving': 'Wird gespeichert…',
  'reset.submit': 'Neues Passwort festlegen',

  // The pages the confirmation emails link to
  'verify.title': 'Bestätigen Sie Ihre E-Mail-Adresse',
  'verify.incompleteTitle': 'Dieser Link ist unvollständig',
  'verify.incompleteText':
    'Öffnen Sie den Link aus der E-Mail genau so, wie er ist, oder fordern Sie unten einen neuen an.',
  'verify.confirming': 'Ihre E-Mail-Adresse wird bestätigt…',
  'verify.failedTitle': 'Wir konnten Ihre E-Mail-Adresse nicht bestätigen',
  'verify.usedText':
    'Dieser Link wurde bereits verwendet oder ist abgelaufen. Wenn Sie Ihre Adresse bereits bestätigt haben, melden Sie sich einfach an.',
  'verify.doneTitle': 'E-Mail-Adresse bestätigt',
  'verify.thankYou': 'Vielen Dank',
  'verify.doneText': 'Ihre E-Mail-Adresse ist bestätigt. Sie können sich jetzt anmelden.',
  'verify.sentText': 'Falls {email} noch bestätigt werden muss, ist ein neuer Link unterwegs.',
  'verify.newLinkHeading': 'Neuen Link anfordern',
  'verify.sendNewLink': 'Neuen Link senden',
  'confirmEmail.title': 'Bestätigen Sie Ihre neue E-Mail-Adresse',
  'confirmEmail.failedTitle': 'Wir konnten Ihre E-Mail-Adresse nicht ändern',
  'confirmEmail.invalidText':
    'Dieser Link wurde bereits verwendet, ist abgelaufen oder unvollständig. Fordern Sie die Änderung auf Ihrer Kontoseite erneut an.',
  'confirmEmail.takenText':
    'Ein anderes Konto verwendet diese Adresse inzwischen, daher kann sie nicht Ihre werden.',
  'confirmEmail.confirming': 'Ihre neue E-Mail-Adresse wird bestätigt…',
  'confirmEmail.doneTitle': 'E-Mail-Adresse geändert',
  'confirmEmail.done': 'Erledigt',
  'confirmEmail.doneText':
    'Die E-Mail-Adresse Ihres Kontos lautet jetzt {email}. Verwenden Sie sie ab sofort zur Anmeldung.',
  // Two-step verification at sign-in, and code fields
  'otp.title': 'Bestätigung in zwei Schritten',
  'otp.failedTitle': 'Wir konnten die Anmeldung nicht fortsetzen',
  'otp.signInAgainTitle': 'Erneut anmelden',
  'otp.signInAgainText':
    'Diese Anmeldung ist beendet oder abgelaufen. Beginnen Sie erneut mit Ihrer E-Mail-Adresse und Ihrem Passwort.',
  'otp.otherAccount': 'Mit einem anderen Konto anmelden',
  'otp.enterCode': 'Geben Sie den Code aus Ihrer Authenticator-App ein, um die Anmeldung abzuschließen.',
  'otp.enterCodeFor':
    'Geben Sie den Code aus Ihrer Authenticator-App ein, um die Anmeldung bei {client} abzuschließen.',
  'otp.passwordAccepted': 'Passwort für {email} akzeptiert.',
  'otp.lockedTitle': 'Die Bestätigung in zwei Schritten ist gesperrt',
  'otp.lockedUntil':
    'Es wurden zu viele falsche Codes eingegeben, daher werden bis {time} keine Codes angenommen. Versuchen Sie es dann noch einmal, oder bitten Sie Ihre Administration, die Sperre aufzuheben.',
  'otp.lockedForAWhile':
    'Es wurden zu viele falsche Codes eingegeben, daher werden eine Weile keine Codes angenommen. Versuchen Sie es später noch einmal, oder bitten Sie Ihre Administration, die Sperre aufzuheben.',
  'otp.verify': 'Bestätigen',
  'otp.verifying': 'Wird bestätigt…',
  'otp.lostPhone':
    'Telefon verloren? Wählen Sie „{useBackup}“ und geben Sie einen Ihrer gespeicherten Backup-Codes ein.',
  'code.totpLabel': 'Code aus Ihrer Authenticator-App',
  'code.totpHint': 'Der 6-stellige Code, den die App jetzt für dieses Konto anzeigt.',
  'code.didNotWork': 'Dieser Code hat nicht funktioniert',
  'code.backupLabel': 'Backup-Code',
  'code.backupHint':
    'Einer der Backup-Codes, die Sie bei der Einrichtung der Bestätigung in zwei Schritten gespeichert haben, etwa ABCDE-FGH23. Jeder funktioniert einmal.',
  'code.useBackup': 'Stattdessen einen Backup-Code verwenden',
  'code.useApp': 'Stattdessen einen Code aus der App verwenden',
  'code.enterTotp': 'Geben Sie den Code aus Ihrer Authenticator-App ein.',
  'code.totpDigits': 'Geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein (nur Ziffern).',
  'code.enterBackup': 'Geben Sie einen Ihrer Backup-Codes ein.',
  'code.backupFormat': 'Geben Sie einen Backup-Code wie ABCDE-FGH23 ein.',
  'code.invalid_otp':
    'Dieser Code ist nicht korrekt oder wurde bereits verwendet. Geben Sie den neuesten Code aus Ihrer App oder einen unbenutzten Backup-Code ein.',
  'code.otp_locked':
    'Zu viele falsche Codes: Die Bestätigung in zwei Schritten ist eine Weile gesperrt. Warten Sie und versuchen Sie es dann noch einmal, oder bitten Sie Ihre Administration, die Sperre aufzuheben.',
  'code.otp_not_pending':
    'Diese Einrichtung ist abgelaufen oder wurde ersetzt. Beginnen Sie die Einrichtung neu.',
  'code.otp_not_enabled': 'Für dieses Konto ist keine Bestätigung in zwei Schritten eingerichtet.',
  'code.otp_not_required': 'Sie sind bereits angemeldet.',
  'code.second_factor_required': 'Schließen Sie zuerst die Anmeldung mit Ihrem Code ab.',
  'code.otp_required':
    'Für Ihr Konto ist die Bestätigung in zwei Schritten vorgeschrieben, daher kann sie nicht ausgeschaltet werden.',
  'code.step_up_required':
    'Bestätigen Sie zuerst mit einem Code aus Ihrer Authenticator-App, dass Sie es sind.',
  // An invitation to an organization
  'invite.notFoundTitle': 'Einladung nicht gefunden',
  'invite.title': 'Einladung',
  'invite.incompleteText':
    'Öffnen Sie den Einladungslink aus der E-Mail erneut, oder kopieren Sie den vollständigen Link in die Adressleiste.',
  'invite.cannotOpen': 'Wir können diese Einladung nicht öffnen',
  'invite.askAgain':
    'Wenn Sie trotzdem beitreten möchten, bitten Sie die Person, die Sie eingeladen hat, um eine neue Einladung.',
  'invite.invite_not_found':
    'Diese Einladung ist nicht mehr gültig: Sie wurde bereits verwendet, abgelehnt oder zurückgezogen, oder der Link ist unvollständig.',
  'invite.invite_expired':
    'Diese Einladung ist abgelaufen. Bitten Sie die Person, die Sie eingeladen hat, eine neue zu senden.',
  'invite.invite_wrong_account':
    'Diese Einladung gilt für eine andere E-Mail-Adresse als die des Kontos, mit dem Sie angemeldet sind.',
  'invite.email_not_verified':
    'Bestätigen Sie zuerst Ihre E-Mail-Adresse mit dem Link, den wir Ihnen geschickt haben, und öffnen Sie dann diese Seite erneut.',
  'invite.already_member': 'Sie sind bereits Mitglied dieser Organisation.',
  'invite.acceptedTitle': 'Einladung angenommen',
  'invite.acceptedText':
    'Sie sind jetzt Mitglied von {organization}. Apps, die mit Organisationen arbeiten, können Sie jetzt als Mitglied fortfahren lassen.',
  'invite.declinedTitle': 'Einladung abgelehnt',
  'invite.declinedText':
    'Sie haben die Einladung zu {organization} abgelehnt. Der Link funktioniert nicht mehr.',
  'invite.join': '{organization} beitreten',
  'invite.invites': '{organization} lädt {email} ein, Mitglied zu werden.',
  'invite.roles': 'Rollen',
  'invite.expired': 'Abgelaufen',
  'invite.validUntil': 'Gültig bis',
  'invite.expiredTitle': 'Diese Einladung ist abgelaufen',
  'invite.signInHeading': 'Melden Sie sich an, um zu antworten',
  'invite.signInText':
    'Melden Sie sich mit {email} an (oder erstellen Sie mit dieser Adresse ein Konto). Danach kehren Sie auf diese Seite zurück, um die Einladung anzunehmen oder abzulehnen.',
  'invite.wrongAccountTitle': 'Sie sind mit einem anderen Konto angemeldet',
  'invite.wrongAccountText':
    'Sie sind als {signedIn} angemeldet, diese Einladung gilt aber für {email}. Melden Sie sich ab, melden Sie sich mit der eingeladenen Adresse an und öffnen Sie den Einladungslink erneut.',
  'invite.signOut': 'Abmelden',
  'invite.failedTitle': 'Wir konnten die Einladung nicht beantworten',
  'invite.accepting': 'Wird angenommen…',
  'invite.accept': 'Einladung annehmen',
  'invite.declining': 'Wird abgelehnt…',
  'invite.decline': 'Ablehnen',
  ...deAccount,
};
