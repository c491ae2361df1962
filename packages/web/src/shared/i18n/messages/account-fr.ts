import type { Message } from '../format';
import type { enAccount } from './account-en';

/** French (vouvoiement): the signed-in pages' messages (account-en.ts). */
export const frAccount: Record<keyof typeof enAccount, Message> = {
  'reset.key.keptTitle': 'Votre clé de chiffrement est conservée',
  'reset.key.keptText':
    'Les applications qui chiffrent vos données utilisent une clé que vous seul pouvez déverrouiller. La réinitialisation du mot de passe ne l’a pas supprimée, mais votre nouveau mot de passe ne peut pas encore l’ouvrir : c’est l’ancien qui la protégeait, et nous ne l’avons jamais connu.',
  'reset.key.opensWithIntro': 'La prochaine fois qu’une application demandera votre clé, ouvrez-la avec :',
  'reset.key.recoveryKey':
    'votre clé de récupération, le code commençant par TSRK2 que vous avez enregistré lors de la configuration de la clé : elle existe précisément pour cela',
  'reset.key.passkey': 'une clé d’accès qui déverrouille votre clé',
  'reset.key.trustedDevice': 'un appareil auquel vous avez confié l’ouverture de votre clé',
  'reset.key.afterwards': 'Ensuite, votre nouveau mot de passe ouvrira de nouveau la clé.',
  'reset.key.nothingOpens':
    'Rien d’autre de ce que vous avez configuré ne l’ouvre : les données chiffrées par ces applications ne peuvent donc plus être lues. Une application peut vous proposer de configurer une nouvelle clé, qui part de zéro.',
  'reset.key.discardedTitle': 'Votre clé de chiffrement a été supprimée',
  'reset.key.discardedText':
    'Votre adresse e-mail n’avait pas encore été confirmée : tout ce qui avait été configuré sur ce compte avant cette réinitialisation a donc été supprimé, y compris la clé de chiffrement. Une application qui chiffre vos données configurera une nouvelle clé, qui part de zéro.',

  'recoveryKey.empty': 'Aucune clé de récupération n’a été saisie.',
  'recoveryKey.wrongLength': {
    one: 'La clé de récupération compte {count} caractère ; elle devrait en compter {expected} après {prefix}.',
    many: 'La clé de récupération compte {count} caractères ; elle devrait en compter {expected} après {prefix}.',
    other:
      'La clé de récupération compte {count} caractères ; elle devrait en compter {expected} après {prefix}.',
  },
  'recoveryKey.invalidCharacter':
    '« {character} » dans le groupe {group}, position {position}, n’est pas utilisé dans les clés de récupération.',
  'recoveryKey.checksumMismatch':
    'La clé de récupération n’est pas cohérente : un caractère a été mal saisi.',

  'keybag.loading': 'Chargement de votre clé de chiffrement…',
  'keybag.title': 'Votre clé de chiffrement',
  'keybag.none':
    'Vous n’avez pas encore de clé de chiffrement. Elle sera configurée la première fois qu’une application qui chiffre vos données la demandera.',
  'keybag.intro':
    'Les applications qui chiffrent vos données utilisent une clé que vous seul pouvez déverrouiller ; le service de connexion ne peut pas la lire. Configurée : {created} ; dernière utilisation par une application : {lastUsed}.',
  'keybag.never': 'jamais',
  'keybag.opensIt': 'Ce qui l’ouvre',
  'keybag.opensItLabel': 'Ce qui ouvre votre clé de chiffrement',
  'keybag.type.password': 'Mot de passe',
  'keybag.type.recovery_key': 'Clé de récupération',
  'keybag.type.passkey_prf': 'Clé d’accès',
  'keybag.type.trusted_device': 'Appareil de confiance',
  'keybag.envelopeDates': 'Ajouté : {added} ; dernière utilisation : {lastUsed}',
  'keybag.stale': 'N’ouvre plus votre clé (votre mot de passe a été remplacé).',
  'keybag.needed': 'Indispensable : rien d’autre n’ouvre votre clé.',
  'keybag.remove.button': 'Retirer',
  'keybag.remove.label': 'Retirer {name} {label}',
  'keybag.remove.confirmLabel': 'Confirmer le retrait',
  'keybag.remove.ask.password':
    'Votre mot de passe n’ouvrira plus votre clé de chiffrement. Vous continuerez à vous connecter avec.',
  'keybag.remove.ask.recovery_key':
    'Cette clé de récupération n’ouvrira plus votre clé de chiffrement, où qu’elle soit notée.',
  'keybag.remove.ask.passkey_prf':
    'La clé d’accès « {label} » n’ouvrira plus votre clé de chiffrement. La clé d’accès elle-même reste : vous continuerez à vous connecter avec. Pour la supprimer, utilisez la rubrique Clés d’accès de cette page.',
  'keybag.remove.ask.trusted_device':
    '« {label} » n’ouvrira plus votre clé de chiffrement de lui-même. Vous continuerez à vous y connecter comme avant.',
  'keybag.remove.ask.other': '« {label} » n’ouvrira plus votre clé de chiffrement.',
  'keybag.remove.confirm': 'Retirer de la clé',
  'keybag.remove.cancel': 'Conserver',
  'keybag.remove.done.password':
    'Votre mot de passe n’ouvre plus votre clé de chiffrement. Vous continuez à vous connecter avec.',
  'keybag.remove.done.recovery_key': 'Cette clé de récupération n’ouvre plus votre clé de chiffrement.',
  'keybag.remove.done.passkey_prf':
    'La clé d’accès « {label} » n’ouvre plus votre clé de chiffrement. La clé d’accès elle-même n’a pas été supprimée : vous continuez à vous connecter avec.',
  'keybag.remove.done.trusted_device': '« {label} » n’ouvre plus votre clé de chiffrement de lui-même.',
  'keybag.remove.done.other': '« {label} » n’ouvre plus votre clé de chiffrement.',
  'keybag.replaceRecoveryKey': 'Remplacer votre clé de récupération',
  'keybag.createRecoveryKey': 'Créer une clé de récupération',
  'keybag.unlockPurpose':
    'La nouvelle clé de récupération ouvrira la même clé : votre clé doit donc être déverrouillée ici.',
  'keybag.saveFailed': 'Nous n’avons pas pu enregistrer votre clé de récupération',
  'keybag.replacesOld':
    'Votre nouvelle clé de récupération remplace l’ancienne, qui n’ouvrira plus votre clé.',
  'keybag.opensYourKey': 'Cette clé de récupération ouvre votre clé de chiffrement.',
  'keybag.recoveryKeySaved': 'Votre nouvelle clé de récupération est enregistrée.',
  'keybag.failed': 'Cela n’a pas fonctionné',
  'keybag.check.title': 'Vérifier une clé de récupération',
  'keybag.check.label': 'Clé de récupération à vérifier',
  'keybag.check.hint': 'Vérifiée dans ce navigateur uniquement ; rien n’est modifié.',
  'keybag.check.submit': 'Vérifier',
  'keybag.check.wrong': 'Cette clé de récupération n’ouvre pas votre clé.',
  'keybag.check.opens': 'Cette clé de récupération ouvre votre clé',
  'keybag.check.keepSafe': 'Conservez-la en lieu sûr.',

  'common.saving': 'Enregistrement…',
  'common.cancel': 'Annuler',

  'account.title': 'Votre compte',
  'account.loadFailed': 'Nous n’avons pas pu charger votre compte',
  'account.finishFirst':
    'Terminez d’abord la connexion : votre compte demande une deuxième étape après le mot de passe.',
  'account.finishSignIn': 'Terminer la connexion',
  'account.signInToSee': 'Connectez-vous pour voir vos applications et gérer votre compte.',
  'account.signedInAs': 'Connecté en tant que {name}',
  'account.mustChangeTitle': 'Choisissez un nouveau mot de passe',
  'account.mustChangeText':
    'Votre administrateur vous demande de choisir un nouveau mot de passe avant de continuer.',
  'account.signOutTitle': 'Se déconnecter',
  'account.signOutText': 'Déconnectez-vous de votre compte sur cet appareil.',
  'signOut.failed': 'Nous n’avons pas pu vous déconnecter',
  'signOut.working': 'Déconnexion…',
  'signOut.button': 'Se déconnecter',

  'apps.title': 'Vos applications',
  'apps.loading': 'Chargement de vos applications…',
  'apps.none': 'Aucune application à afficher ici pour le moment.',

  'profile.title': 'Votre nom',
  'profile.saved': 'Enregistré',
  'profile.savedText': 'Les applications verront le nouveau nom lors de votre prochaine connexion.',
  'profile.saveFailed': 'Nous n’avons pas pu enregistrer votre nom',
  'profile.name': 'Nom',
  'profile.save': 'Enregistrer le nom',

  'email.title': 'Adresse e-mail',
  'email.sameAddress': 'C’est déjà votre adresse.',
  'email.confirmed': '(confirmée)',
  'email.notConfirmed': '(pas encore confirmée)',
  'email.confirmTitle': 'Confirmez la nouvelle adresse',
  'email.sentText': 'Nous avons envoyé un lien à {email}. Votre adresse changera lorsque vous l’ouvrirez.',
  'email.failed': 'Nous n’avons pas pu changer votre adresse',
  'email.taken': 'Un autre compte utilise cette adresse.',
  'email.newAddress': 'Nouvelle adresse e-mail',
  'email.change': 'Changer d’adresse e-mail',

  'password.title': 'Mot de passe',
  'password.changed': 'Votre mot de passe est changé',
  'password.othersSignedOut': 'Vous êtes déconnecté des autres appareils où vous étiez connecté.',
  'password.keyCarried': 'Votre nouveau mot de passe ouvre votre clé de chiffrement.',
  'password.keyNotCarried':
    'Votre nouveau mot de passe n’ouvre pas encore votre clé de chiffrement : la prochaine fois qu’une application la demandera, déverrouillez-la avec votre clé de récupération.',
  'password.wrongTitle': 'Votre mot de passe actuel est incorrect',
  'password.wrongText': 'Rien n’a été modifié. Vérifiez votre mot de passe actuel et réessayez.',
  'password.failed': 'Nous n’avons pas pu changer votre mot de passe',
  'password.changing': 'Changement du mot de passe…',
  'password.change': 'Changer le mot de passe',
  'password.current': 'Mot de passe actuel',
  'password.new': 'Nouveau mot de passe',

  'stepUp.title': 'Confirmez qu’il s’agit bien de vous',
  'stepUp.explanation':
    'La validation en deux étapes est activée sur votre compte : cette modification demande donc un code actuel de votre application d’authentification (ou l’un de vos codes de secours). Elle se poursuit ensuite d’elle-même.',
  'stepUp.submit': 'Confirmer et continuer',

  'backupCodes.title': 'Enregistrez vos codes de secours maintenant',
  'backupCodes.onlyOnce': 'Ces codes ne s’affichent qu’une seule fois.',
  'backupCodes.explanation':
    'Si vous perdez votre téléphone ou l’application d’authentification, chaque code vous permet de vous connecter une fois à la place d’un code de l’application. Conservez-les en lieu sûr, par exemple dans un gestionnaire de mots de passe ou sur papier.',
  'backupCodes.listLabel': 'Codes de secours',
  'backupCodes.copy': 'Copier les codes',
  'backupCodes.copied': 'Copiés dans le presse-papiers.',
  'backupCodes.copyFailed': 'La copie n’est pas possible ici : sélectionnez les codes et copiez-les.',
  'backupCodes.saved': 'J’ai enregistré ces codes de secours en lieu sûr',
  'backupCodes.reminder': 'Enregistrez d’abord les codes, puis cochez la case. Vous ne les reverrez plus.',

  'security.turnedOff':
    'La validation en deux étapes est désactivée. Vos codes de secours ne fonctionnent plus.',
  'security.newCodesReady': 'Vos nouveaux codes de secours sont prêts. Les anciens ne fonctionnent plus.',
  'security.savedDone': 'Je les ai enregistrés : terminé',
  'security.newCodesInUse': 'Vos nouveaux codes de secours sont en service.',
  'security.done': 'C’est fait',
  'security.codesFailed': 'Nous n’avons pas pu créer de nouveaux codes de secours',
  'security.turnOffFailed': 'Nous n’avons pas pu désactiver la validation en deux étapes',
  'security.turnOffQuestion': 'Désactiver la validation en deux étapes ?',
  'security.turnOffText':
    'La connexion ne demandera alors que votre mot de passe, et vos codes de secours cesseront de fonctionner. Vous pourrez la réactiver à tout moment.',
  'security.turnOffConfirm': 'Désactiver',
  'security.keepOn': 'La laisser activée',
  'security.creatingCodes': 'Création des codes…',
  'security.createCodes': 'Créer de nouveaux codes de secours',
  'security.newAuthenticator': 'Passer à une nouvelle application d’authentification',
  'security.turningOff': 'Désactivation…',
  'security.turnOff': 'Désactiver la validation en deux étapes',
  'security.requiredStaysOn':
    'La validation en deux étapes est obligatoire pour votre compte : elle reste donc activée.',
  'security.continueSetup': 'Poursuivre la configuration',
  'security.setUp': 'Configurer la validation en deux étapes',
  'security.status.on': 'Activée.',
  'security.status.onText':
    'Après votre mot de passe, la connexion demande un code de votre application d’authentification.',
  'security.lockedTitle': 'Les codes sont bloqués pour l’instant',
  'security.lockedUntil': 'Trop de codes erronés ont été saisis : aucun code n’est accepté jusqu’à {time}.',
  'security.lockedForAWhile':
    'Trop de codes erronés ont été saisis : aucun code n’est accepté pendant un moment.',
  'security.noCodesLeft':
    'Il ne vous reste aucun code de secours inutilisé. Créez-en de nouveaux maintenant.',
  'security.codesLeft': {
    one: 'Il vous reste {count} code de secours inutilisé.',
    many: 'Il vous reste {count} codes de secours inutilisés.',
    other: 'Il vous reste {count} codes de secours inutilisés.',
  },
  'security.createSoon': 'Créez-en de nouveaux bientôt.',
  'security.status.required': 'Obligatoire, pas encore configurée.',
  'security.status.requiredText':
    'Votre compte doit utiliser la validation en deux étapes : après votre mot de passe, la connexion demande un code d’une application d’authentification.',
  'security.status.off': 'Désactivée.',
  'security.status.pendingText': 'Une configuration a été commencée mais pas terminée.',
  'security.status.offText':
    'Activez-la pour que la connexion demande, en plus de votre mot de passe, un code d’une application sur votre téléphone : un mot de passe volé ne suffit alors plus.',

  'setup.signInFirst': 'Connectez-vous d’abord pour configurer la validation en deux étapes.',
  'setup.loadFailed': 'Nous n’avons pas pu charger vos réglages de validation en deux étapes',
  'setup.isOn':
    'La validation en deux étapes est activée. Désormais, vous saisirez un code de votre application d’authentification après votre mot de passe.',
  'setup.savedContinue': 'Je les ai enregistrés : continuer',
  'setup.mustUse': 'Votre compte doit utiliser la validation en deux étapes.',
  'setup.finishSigningIn': 'Configurez-la maintenant pour terminer la connexion.',
  'setup.finishSigningInTo': 'Configurez-la maintenant pour terminer la connexion à {client}.',
  'setup.toContinue': 'Configurez-la maintenant pour continuer.',
  'setup.why':
    'Avec la validation en deux étapes, la connexion demande votre mot de passe et un code d’une application sur votre téléphone : un mot de passe volé ne suffit donc pas.',
  'setup.needApp':
    'Il vous faut une application d’authentification qui prend en charge les codes temporels (TOTP), par exemple celle intégrée à votre gestionnaire de mots de passe, ou toute application d’authentification de la boutique d’applications de votre téléphone.',
  'setup.replacesTitle': 'Ceci remplace votre application d’authentification actuelle',
  'setup.replacesText':
    'La validation en deux étapes est déjà activée. La configurer à nouveau la transfère vers une nouvelle application d’authentification : l’ancienne et vos anciens codes de secours cesseront de fonctionner dès que la nouvelle sera confirmée. Un code actuel vous sera d’abord demandé.',
  'setup.startFailed': 'La configuration n’a pas pu démarrer',
  'setup.waitingForCode': 'En attente de votre code…',
  'setup.starting': 'Démarrage…',
  'setup.start': 'Commencer la configuration',
  'setup.keyTitle': 'Ajoutez votre compte à l’application d’authentification',
  'setup.scan':
    'Dans l’application d’authentification de votre téléphone, choisissez d’ajouter un compte, puis scannez ce code QR.',
  'setup.qrLabel': 'Code QR pour votre application d’authentification',
  'setup.openOrType':
    'Si l’application est sur cet appareil, vous pouvez {link}. Si vous ne pouvez pas scanner le code, choisissez plutôt de saisir une clé de configuration dans l’application, et tapez la clé ci-dessous.',
  'setup.openInApp': 'ouvrir dans l’application d’authentification',
  'setup.key': 'Clé de configuration',
  'setup.keyHint': 'Lettres et chiffres par groupes de quatre ; les espaces n’ont pas d’importance.',
  'setup.keyStandard':
    'Basé sur le temps, 6 chiffres, toutes les 30 secondes : les réglages que la plupart des applications utilisent d’elles-mêmes.',
  'setup.keyCustom':
    'Choisissez dans l’application : basé sur le temps, {algorithm}, {digits} chiffres, toutes les {period} secondes.',
  'setup.copyKey': 'Copier la clé de configuration',
  'setup.copyFailed': 'La copie n’est pas possible ici : sélectionnez la clé et copiez-la.',
  'setup.enterCode':
    'Saisissez le code que l’application affiche maintenant pour ce compte, afin de vérifier que tout fonctionne.',
  'setup.turnOn': 'Activer la validation en deux étapes',
  'setup.codeHint':
    'Le code à {digits} chiffres que l’application affiche maintenant ; un nouveau apparaît toutes les {period} secondes.',
  'setup.startAgain': 'Recommencer',

  'passkeys.title': 'Clés d’accès',
  'passkeys.intro':
    'Connectez-vous avec le verrouillage d’écran de votre appareil ou une clé de sécurité au lieu de votre mot de passe.',
  'passkeys.ability.unlocks': 'Déverrouille vos clés de chiffrement',
  'passkeys.ability.can_unlock_later':
    'Peut déverrouiller vos clés de chiffrement une fois qu’elles sont configurées pour cela',
  'passkeys.ability.cannot_unlock': 'Ne peut pas déverrouiller vos clés de chiffrement',
  'passkeys.addedNoKeys':
    'Clé d’accès « {name} » ajoutée. Elle vous connecte, mais cet authentificateur ne peut pas déverrouiller vos clés de chiffrement.',
  'passkeys.added': 'Clé d’accès « {name} » ajoutée.',
  'passkeys.addedUnlocks':
    'Clé d’accès « {name} » ajoutée. Elle vous connecte et déverrouille vos clés de chiffrement.',
  'passkeys.nameMissing': 'Donnez un nom à la clé d’accès, par exemple celui de l’appareil qui la porte.',
  'passkeys.unlockPurpose':
    'Pour que votre nouvelle clé d’accès déverrouille aussi vos clés de chiffrement, déverrouillez-les une fois ici.',
  'passkeys.unlockFormLabel': 'Laisser la clé d’accès déverrouiller vos clés',
  'passkeys.unlockSubmit': 'Laisser cette clé d’accès déverrouiller mes clés',
  'passkeys.notNow': 'Pas maintenant',
  'passkeys.nowUnlocks': 'La clé d’accès « {name} » déverrouille désormais aussi vos clés.',
  'passkeys.loadFailed': 'Nous n’avons pas pu charger vos clés d’accès',
  'passkeys.newName': 'Nom de la nouvelle clé d’accès',
  'passkeys.newNameHint': 'Par exemple l’appareil ou la clé de sécurité qui la porte.',
  'passkeys.waiting': 'En attente de votre clé d’accès…',
  'passkeys.add': 'Ajouter une clé d’accès',
  'passkeys.lastSignIn':
    'C’est votre seul moyen de vous connecter : ajoutez d’abord une autre clé d’accès ou un mot de passe.',
  'passkeys.dates': 'ajoutée {added}, dernière utilisation {lastUsed}',
  'passkeys.cloneSuspected':
    'Cette clé d’accès a été utilisée avec un compteur de signatures qui a reculé : elle a peut-être été copiée. Retirez-la si cela ne vous dit rien.',
  'passkeys.renameLabel': 'Nouveau nom',
  'passkeys.save': 'Enregistrer',
  'passkeys.rename': 'Renommer',
  'passkeys.removeNamed': 'Retirer « {name} »',

  'linked.title': 'Connexion via votre organisation',
  'linked.intro': 'Ces fournisseurs d’identité vous connectent à ce compte.',
  'linked.unlinked': '{name} est dissocié : il ne vous connecte plus à ce compte.',
  'linked.lastSignIn':
    '{name} est votre seul moyen de vous connecter : définissez un mot de passe ou ajoutez une clé d’accès avant de le dissocier.',
  'linked.loadFailed': 'Nous n’avons pas pu charger vos fournisseurs d’identité associés',
  'linked.dates': 'associé {linked}, dernière connexion {lastSignIn}',
  'linked.unlinkNamed': 'Dissocier {name}',
  'linked.unlink': 'Dissocier',

  'devices.title': 'Appareils de confiance',
  'devices.loading': 'Chargement de vos appareils…',
  'devices.noKey':
    'Votre clé de chiffrement sera configurée la première fois qu’une application la demandera.',
  'devices.trusted': 'Ce navigateur est désormais un appareil de confiance.',
  'devices.approved': '{label} est approuvé. Il déverrouille désormais votre clé.',
  'devices.revoked': '{label} ne peut plus déverrouiller votre clé.',
  'devices.none': 'Aucun navigateur ne déverrouille encore votre clé de lui-même.',
  'devices.aBrowser': 'Un navigateur',
  'devices.thisBrowser': '(ce navigateur)',
  'devices.dates': 'ajouté {added} · dernière utilisation {lastUsed}',
  'devices.revoke': 'Révoquer {label}',
  'devices.device': 'l’appareil',
  'devices.trustThis': 'Faire confiance à ce navigateur',
  'devices.waitingTitle': 'Appareils en attente d’approbation',
  'devices.waitingText': 'N’approuvez un appareil que s’il affiche exactement ce code et cette empreinte.',
  'devices.codeAndFingerprint': 'code {code} · empreinte {fingerprint}',
  'devices.approve': 'Approuver',
  'devices.trustNeedsKey': 'Pour faire confiance à ce navigateur, votre clé doit être déverrouillée ici.',
  'devices.approveNeedsKey': 'Pour approuver {label}, votre clé doit être déverrouillée ici.',

  'approval.title': 'Déverrouiller avec un autre appareil',
  'approval.instructions':
    'Sur un appareil où votre clé est déverrouillée, ouvrez la page de votre compte et approuvez cet appareil sous « {section} ». Vérifiez qu’il affiche le même code et la même empreinte.',
  'approval.code': 'Code : {code}',
  'approval.fingerprint': 'Empreinte : {fingerprint}',
  'approval.waiting': 'En attente d’approbation…',
  'approval.failed': 'Cet appareil n’a pas été approuvé',
  'approval.offer':
    'Si votre clé est déverrouillée sur un autre appareil, vous pouvez approuver celui-ci depuis cet appareil.',
  'approval.tryAgain': 'Réessayer',
  'approval.start': 'Approuver depuis un autre appareil',

  'recoveryKey.notGroup': 'Ce n’est pas le groupe {group} de votre clé de récupération.',
  'recoveryKey.saveTitle': 'Enregistrez votre clé de récupération',
  'recoveryKey.saveText':
    'Si vous oubliez votre mot de passe, cette clé de récupération est le seul moyen de retrouver votre clé. Elle ne s’affiche qu’une fois : conservez-la en lieu sûr, par exemple dans un gestionnaire de mots de passe ou sur papier.',
  'recoveryKey.copy': 'Copier',
  'recoveryKey.download': 'Télécharger',
  'recoveryKey.copied': 'Copiée.',
  'recoveryKey.copyFailed': 'La copie n’a pas fonctionné ici ; sélectionnez la clé et copiez-la.',
  'recoveryKey.groupLabel': 'Groupe {group} de votre clé de récupération',
  'recoveryKey.groupHint':
    'Pour confirmer que vous l’avez enregistrée, saisissez le groupe {group} (sur 11), de cinq caractères, après {prefix}.',
  'recoveryKey.savedContinue': 'Je l’ai enregistrée, continuer',

  'unlock.way.password': 'votre mot de passe',
  'unlock.way.passkey': 'votre clé d’accès',
  'unlock.way.recoveryKey': 'votre clé de récupération',
  'unlock.passkeyDidNotUnlock':
    'Cette clé d’accès n’a pas déverrouillé votre clé. Utilisez une clé d’accès qui déverrouille votre clé, ou un autre moyen ici.',
  'unlock.recoveryKeyWrong':
    'Cette clé de récupération n’ouvre pas votre clé. Vérifiez qu’il s’agit de la plus récente.',
  'unlock.withWays': 'Déverrouillez-la sur cette page avec {ways}.',
  'unlock.noWay':
    'Rien de ce que vous pouvez utiliser sur cette page n’ouvre votre clé : déverrouillez-la lors de votre prochaine connexion à une application, ou approuvez ce navigateur depuis l’un de vos appareils de confiance.',
  'unlock.unlock': 'Déverrouiller',
  'unlock.passwordWrong': 'Ce mot de passe n’ouvre pas votre clé.',
  'unlock.unlocking': 'Déverrouillage…',
  'unlock.withPasskey': 'Déverrouiller avec une clé d’accès',
  'unlock.recoveryKeyLabel': 'Votre clé de récupération',
  'unlock.recoveryKeyHint': 'Elle commence par {prefix} et compte 11 groupes de cinq caractères.',
  'unlock.withRecoveryKey': 'Déverrouiller avec la clé de récupération',
  'unlock.passwordNotCorrect': 'Ce mot de passe est incorrect.',
  'unlock.yourPassword': 'Votre mot de passe',

  'zk.checking': 'Vérification de votre clé de chiffrement…',
  'zk.loadFailed': 'Nous n’avons pas pu charger votre clé de chiffrement',
  'zk.askAdmin': 'Demandez de l’aide à votre administrateur.',
  'zk.back': 'Retour',
  'zk.rewrap.title': 'Votre clé est déverrouillée',
  'zk.rewrap.text':
    'Saisissez votre mot de passe actuel pour qu’il ouvre de nouveau votre clé la prochaine fois. Sinon, il vous faudra encore votre clé de récupération.',
  'zk.rewrap.submit': 'Utiliser mon mot de passe la prochaine fois',
  'zk.rewrap.skip': 'Passer',
  'zk.locked.passkeyDidNotUnlock':
    'Cette clé d’accès n’a pas déverrouillé votre clé. Utilisez la clé d’accès avec laquelle vous avez protégé votre clé, ou un autre moyen ci-dessous.',
  'zk.locked.title': 'Déverrouillez votre clé de chiffrement',
  'zk.locked.intro':
    '{client} chiffre vos données avec une clé que vous seul pouvez déverrouiller. Le service de connexion ne peut pas la lire.',
  'zk.locked.orgNoPasswordTitle': 'Votre organisation n’autorise pas votre mot de passe ici',
  'zk.locked.orgNoPasswordText':
    'La politique de votre organisation n’autorise pas le déverrouillage de votre clé avec votre mot de passe pour {client}. Utilisez un autre moyen ci-dessous.',
  'zk.locked.staleTitle': 'Votre mot de passe n’ouvre plus votre clé',
  'zk.locked.staleText':
    'Votre mot de passe a été réinitialisé ou changé depuis la dernière configuration de votre clé : il ne peut donc pas l’ouvrir. Utilisez votre clé de récupération.',
  'zk.locked.passwordWrongTitle': 'Votre mot de passe n’ouvre pas votre clé',
  'zk.locked.withPassword': 'Déverrouiller avec le mot de passe',
  'zk.locked.useRecoveryKey': 'Utilisez plutôt votre clé de récupération.',
  'zk.locked.noWayTitle': 'Aucun moyen de déverrouiller votre clé ici',
  'zk.locked.lostRecoveryKey': 'Clé de récupération perdue ? {button}',
  'zk.newKey.title': 'Configurer une nouvelle clé',
  'zk.newKey.lossTitle': 'Les données chiffrées avec votre ancienne clé seront perdues',
  'zk.newKey.lossText':
    'Une nouvelle clé remplace l’ancienne pour toutes les applications. {client} et vos autres applications ne pourront plus ouvrir ce qu’elles ont chiffré avec votre ancienne clé, et personne — pas même le service de connexion — ne peut le récupérer. Ne le faites que si vous ne pouvez pas déverrouiller votre ancienne clé.',
  'zk.newKey.understand':
    'Je comprends que les données chiffrées avec mon ancienne clé ne pourront pas être récupérées',
  'zk.newKey.confirmFirst': 'Confirmez d’abord que vous avez compris.',
  'zk.setup.title': 'Configurer votre clé de chiffrement',
  'zk.setup.enterPassword':
    '{client} chiffre vos données avec une clé que vous seul pouvez déverrouiller. Saisissez votre mot de passe : il protégera votre clé.',
  'zk.setup.failed': 'Nous n’avons pas pu configurer votre clé',
  'zk.setup.newKeyReady':
    'Votre nouvelle clé est prête à être configurée. {client} recevra une nouvelle clé.',
  'zk.setup.passwordProtects':
    '{client} chiffre vos données avec une clé que vous seul pouvez déverrouiller ; votre mot de passe la protège. Le service de connexion ne peut pas la lire.',
  'zk.setup.recoveryProtects':
    '{client} chiffre vos données avec une clé que vous seul pouvez déverrouiller ; cette clé de récupération la protège. Le service de connexion ne peut pas la lire.',
  'zk.setup.recoveryProtectsNoPassword':
    '{client} chiffre vos données avec une clé que vous seul pouvez déverrouiller ; cette clé de récupération la protège (votre organisation n’autorise pas à la protéger avec votre mot de passe). Le service de connexion ne peut pas la lire.',
  'zk.setup.passkeyName': 'Clé d’accès du {date}',
  'zk.setup.passkeyNoPrfOrRecovery':
    'Cette clé d’accès a été ajoutée pour la connexion, mais elle ne peut pas protéger de clés. Utilisez plutôt une clé de récupération, ou essayez une autre clé d’accès.',
  'zk.setup.passkeyNoPrf':
    'Cette clé d’accès a été ajoutée pour la connexion, mais elle ne peut pas protéger de clés. Essayez une autre clé d’accès.',
  'zk.setup.passkeyAndRecovery':
    'Votre clé d’accès « {name} » protège votre clé. Cette clé de récupération l’ouvre aussi, si vous perdez la clé d’accès.',
  'zk.setup.passkeyOnly':
    'Votre clé d’accès « {name} » protège votre clé. Votre organisation n’autorise pas les clés de récupération : si vous perdez cette clé d’accès, les données protégées par cette clé ne pourront pas être récupérées.',
  'zk.setup.settingUp': 'Configuration…',
  'zk.setup.submit': 'Configurer ma clé',
  'zk.setup.choose':
    '{client} chiffre vos données avec une clé que vous seul pouvez déverrouiller. Votre compte n’a pas de mot de passe : choisissez ce qui protège votre clé, une clé d’accès sur cet appareil ou une clé de récupération que vous conservez en lieu sûr.',
  'zk.setup.passkeyCannotTitle': 'La clé d’accès ne peut pas protéger votre clé',
  'zk.setup.withPasskey': 'La protéger avec une clé d’accès',
  'zk.setup.withRecoveryKey': 'Utiliser une clé de récupération',
  'zk.setup.passwordOnly':
    '{client} chiffre vos données avec une clé que vous seul pouvez déverrouiller ; votre mot de passe la protège. Votre organisation n’autorise pas les clés de récupération : si vous oubliez votre mot de passe, les données protégées par cette clé ne pourront pas être récupérées.',
  'zk.notPossible.newKeyTitle': 'Une nouvelle clé ne peut pas être configurée ici',
  'zk.notPossible.title': 'Votre clé de chiffrement ne peut pas être configurée ici',
  'zk.notPossible.withPassword':
    'La politique de votre organisation n’autorise ni votre mot de passe ni une clé de récupération à protéger votre clé de chiffrement, et une clé ne peut être configurée qu’avec l’un des deux. Les clés d’accès et les appareils de confiance ne peuvent être ajoutés qu’à une clé existante.',
  'zk.notPossible.withoutPassword':
    'Votre compte n’a pas de mot de passe, et la politique de votre organisation n’autorise ni une clé d’accès ni une clé de récupération à protéger votre clé de chiffrement.',
  'zk.passkeyCannot.title': 'Votre clé d’accès ne peut pas déverrouiller vos clés',
  'zk.passkeyCannot.text':
    'La clé d’accès avec laquelle vous vous êtes connecté ne peut pas déverrouiller vos clés de chiffrement ici. Utilisez cette fois votre mot de passe ou votre clé de récupération.',
  'recoveryKey.label': 'Clé de récupération du {date}',
  'devices.browserOnSystem': '{browser} sur {system}',
};
