import type { Message } from '../format';
import { frAccount } from './account-fr';
import type { en } from './en';

/** French (vouvoiement). */
export const fr: Record<keyof typeof en, Message> = {
  'common.siteName': 'Tessera',
  'common.loading': 'Chargement…',
  'common.show': 'Afficher',
  'common.hide': 'Masquer',
  'common.continue': 'Continuer',
  'common.signIn': 'Se connecter',
  'common.sending': 'Envoi en cours…',
  'common.checking': 'Vérification…',
  'common.emailAddress': 'Adresse e-mail',
  'common.password': 'Mot de passe',
  'common.backToSignIn': 'Retour à la connexion',
  'common.goToSignIn': 'Aller à la connexion',
  'common.checkYourEmail': 'Consultez vos e-mails',
  'common.signedInAs': 'Connecté en tant que {name}',
  'common.nameAndEmail': '{name} ({email})',
  'language.label': 'Langue',

  'validation.emailEmpty': 'Saisissez votre adresse e-mail.',
  'validation.emailInvalid': 'Saisissez une adresse e-mail comme nom@example.com.',
  'validation.passwordEmpty': 'Saisissez votre mot de passe.',
  'validation.nameTooLong': 'Utilisez au maximum {max} caractères.',
  'validation.newPasswordEmpty': 'Choisissez un mot de passe.',
  'validation.newPasswordTooShort':
    'Utilisez au moins {min} caractères. Quelques mots sans rapport entre eux font un mot de passe solide.',
  'validation.newPasswordTooLong': 'Utilisez au maximum {max} caractères.',
  'validation.newPasswordHint':
    'Au moins {min} caractères. Quelques mots sans rapport entre eux sont faciles à retenir et difficiles à deviner.',
  'validation.samePassword': 'Choisissez un mot de passe différent de l’actuel.',

  'error.network_error': 'Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.',
  'error.invalid_credentials': 'L’adresse e-mail ou le mot de passe est incorrect.',
  'error.email_not_verified':
    'Confirmez d’abord votre adresse e-mail à l’aide du lien que nous vous avons envoyé.',
  'error.registration_closed':
    'Ici, les nouveaux comptes sont créés par un administrateur : vous ne pouvez pas en créer un vous-même.',
  'error.email_not_configured':
    'Ce service ne peut pas envoyer d’e-mails pour le moment, cette étape n’est donc pas possible. Veuillez contacter l’administrateur.',
  'error.email_taken': 'Un compte existe déjà avec cette adresse e-mail. Connectez-vous plutôt.',
  'error.email_domain_federated':
    'Les adresses de ce domaine se connectent via votre organisation. Sur la page de connexion, choisissez « Se connecter avec votre organisation ».',
  'error.invalid_token': 'Ce lien n’est plus valide : il a déjà été utilisé, a expiré ou est incomplet.',
  'error.request_not_found':
    'Cette demande de connexion est inconnue, terminée ou expirée. Revenez à l’application et recommencez.',
  'error.request_already_used':
    'Cette demande de connexion a déjà abouti. Revenez à l’application et recommencez.',
  'error.request_browser_mismatch':
    'Cette demande de connexion a été lancée dans un autre navigateur. Revenez à l’application dans ce navigateur et recommencez.',
  'error.login_required': 'Veuillez vous reconnecter pour continuer.',
  'error.not_signed_in': 'Vous n’êtes plus connecté. Connectez-vous et réessayez.',
  'error.second_factor_required':
    'Terminez d’abord la connexion avec le code de votre application d’authentification.',
  'error.step_up_required':
    'Confirmez d’abord votre identité avec un code actuel de votre application d’authentification.',
  'error.csrf_failed': 'Votre session a changé dans un autre onglet. Rechargez la page et réessayez.',
  'error.rate_limited': 'Trop de tentatives. Patientez un instant, puis réessayez.',
  'error.invalid_user_code':
    'Ce code n’est pas valide ou a expiré. Vérifiez le code sur votre appareil et réessayez.',
  'error.not_found': 'Cette fonctionnalité n’est pas encore disponible sur ce serveur.',
  'error.device_approval_not_found':
    'Cette demande d’approbation n’est plus en attente : elle a expiré ou a déjà été utilisée. Recommencez sur le nouvel appareil.',
  'error.device_approval_not_allowed':
    'L’approbation d’un appareil depuis un autre est désactivée sur ce serveur.',
  'error.too_many_device_approvals':
    'Plusieurs appareils attendent déjà une approbation. Patientez quelques minutes, puis réessayez.',
  'error.last_unlock_envelope':
    'C’est le dernier moyen de déverrouiller votre clé : il ne peut pas être supprimé. Ajoutez-en d’abord un autre.',
  'error.envelope_type_not_allowed':
    'La politique de votre organisation n’autorise pas ce moyen de déverrouiller votre clé. Utilisez-en un autre, par exemple votre clé de récupération, ou adressez-vous à votre administrateur.',
  'error.serverFailure': 'Un problème est survenu de notre côté. Veuillez réessayer dans un instant.',
  'error.otherCode': 'Un problème est survenu ({code}). Veuillez réessayer.',
  'error.inPage': 'Un problème est survenu sur cette page. Rechargez-la et réessayez.',

  'oauthError.invalid_client':
    'L’application qui vous a envoyé ici n’est pas enregistrée auprès de ce service de connexion, ou n’est pas autorisée à l’utiliser.',
  'oauthError.invalid_request':
    'L’application qui vous a envoyé ici a fait une demande de connexion que ce service ne peut pas accepter, par exemple avec une adresse de retour qu’elle n’a jamais enregistrée.',
  'oauthError.unauthorized_client':
    'L’application qui vous a envoyé ici n’est pas autorisée à vous connecter de cette façon.',
  'oauthError.unsupported_response_type':
    'L’application qui vous a envoyé ici demande un type de connexion que ce service ne propose pas.',
  'oauthError.invalid_scope':
    'L’application qui vous a envoyé ici demande un accès que ce service ne propose pas.',
  'oauthError.access_denied': 'La connexion a été annulée ou n’a pas été autorisée.',
  'oauthError.server_error': 'Un problème est survenu de notre côté. Veuillez réessayer plus tard.',
  'oauthError.temporarily_unavailable':
    'Le service de connexion est surchargé ou en maintenance. Veuillez réessayer dans quelques minutes.',
  'oauthError.fallback': 'Un problème est survenu avec la demande de connexion.',

  'errorPage.title': 'La connexion n’a pas pu continuer',
  'errorPage.panelTitle': 'Nous n’avons pas pu traiter cette demande',
  'errorPage.closeHint':
    'Vous pouvez fermer cette page et revenir à l’application. Si le problème persiste, contactez le support de l’application.',
  'errorPage.technicalDetails': 'Détails techniques',
  'errorPage.errorCode': 'Code d’erreur',
  'errorPage.description': 'Description',

  'home.intro':
    'Ceci est le service de connexion {product}. Les applications qui utilisent {product} vous envoient ici pour vous connecter, puis vous renvoient vers elles.',
  'home.goToAccount': 'Accéder à votre compte',
  'notFound.title': 'Page introuvable',
  'notFound.text': 'Il n’y a pas de page à cette adresse. Vérifiez le lien ou recommencez depuis le début.',
  'notFound.startPage': 'Aller à la page d’accueil',

  'signIn.title': 'Connexion',
  'signIn.continueTo': 'Connectez-vous pour continuer vers {client}.',
  'signIn.signingIn': 'Connexion…',
  'signIn.failedTitle': 'Nous n’avons pas pu vous connecter',
  'signIn.invalidCredentials':
    'L’adresse e-mail ou le mot de passe est incorrect. Vérifiez-les et réessayez.',
  'signIn.confirmFirstTitle': 'Confirmez d’abord votre adresse e-mail',
  'signIn.confirmFirstText':
    'Ouvrez le lien envoyé à {email} pour la confirmer, puis connectez-vous. Le lien peut mettre quelques minutes à arriver ; pensez à vérifier vos courriers indésirables.',
  'signIn.forgotPassword': 'Mot de passe oublié ?',
  'signIn.createAccount': 'Créer un compte',
  'passkey.signIn': 'Se connecter avec une clé d’accès',
  'passkey.waiting': 'En attente de votre clé d’accès…',
  'passkey.failedTitle': 'Nous n’avons pas pu vous connecter avec une clé d’accès',
  'passkey.rejectedFor':
    'Cette clé d’accès n’est pas enregistrée pour {email}, ou elle n’a pas pu être vérifiée.',
  'passkey.rejected':
    'Cette clé d’accès n’est enregistrée pour aucun compte ici, ou elle n’a pas pu être vérifiée.',
  'organizationSignIn.open': 'Se connecter avec votre organisation',
  'organizationSignIn.noSsoTitle': 'Pas d’authentification unique pour cette adresse',
  'organizationSignIn.noSsoText':
    'Votre organisation ne se connecte pas ici via son propre fournisseur : utilisez votre mot de passe ci-dessous.',
  'organizationSignIn.failedTitle': 'Nous n’avons pas pu vérifier votre adresse',
  'organizationSignIn.workEmail': 'Adresse e-mail professionnelle',
  'resend.sentTitle': 'Nous avons envoyé un nouveau lien',
  'resend.sentText':
    'Si {email} doit encore être confirmée, un nouveau lien est en route. Ouvrez-le, puis connectez-vous.',
  'resend.failedTitle': 'Nous n’avons pas pu envoyer le lien',
  'resend.button': 'Renvoyer le lien',

  'register.title': 'Créer un compte',
  'register.closedTitle': 'Vous ne pouvez pas créer de compte ici',
  'register.closedText':
    'Sur ce service, les nouveaux comptes sont créés par un administrateur. Demandez-lui un compte, ou connectez-vous si vous en avez déjà un.',
  'register.oneMoreStep': 'Encore une étape',
  'register.sentText':
    'Nous avons envoyé un lien à {email}. Ouvrez-le pour confirmer votre adresse, puis connectez-vous. Le lien ne fonctionne qu’une fois et expire au bout de 24 heures.',
  'register.noEmail': 'Pas d’e-mail après quelques minutes ? Vérifiez vos courriers indésirables, ou :',
  'register.takenTitle': 'Cette adresse e-mail a déjà un compte',
  'register.takenText': '{signIn}, ou {reset} si vous l’avez oublié.',
  'register.takenSignIn': 'Connectez-vous plutôt',
  'register.resetLink': 'réinitialisez votre mot de passe',
  'register.failedTitle': 'Nous n’avons pas pu créer votre compte',
  'register.name': 'Votre nom',
  'register.nameHint': 'Facultatif. Les applications auxquelles vous vous connectez peuvent l’afficher.',
  'register.creating': 'Création de votre compte…',
  'register.submit': 'Créer le compte',
  'register.haveAccount': 'Vous avez déjà un compte ?',

  'forgot.title': 'Réinitialiser votre mot de passe',
  'forgot.sentTitle': 'Lien de réinitialisation envoyé',
  'forgot.sentText':
    'Si {email} correspond à un compte, nous lui avons envoyé un lien pour choisir un nouveau mot de passe. Le lien ne fonctionne qu’une fois et expire au bout d’une heure.',
  'forgot.noEmail':
    'Pas d’e-mail après quelques minutes ? Vérifiez vos courriers indésirables, ou réessayez plus tard.',
  'forgot.intro':
    'Saisissez l’adresse e-mail de votre compte. Nous vous enverrons un lien pour choisir un nouveau mot de passe.',
  'forgot.failedTitle': 'Nous n’avons pas pu envoyer le lien',
  'forgot.submit': 'Envoyer le lien de réinitialisation',

  'logout.signedOutTitle': 'Vous êtes déconnecté',
  'logout.signedOut': 'Déconnecté',
  'logout.signedOutText':
    'Vous êtes déconnecté de votre compte sur cet appareil. Vous pouvez fermer cette page.',
  'logout.signInAgain': 'Se reconnecter',
  'logout.title': 'Se déconnecter ?',
  'logout.checkFailed': 'Nous n’avons pas pu vérifier si vous êtes connecté',
  'logout.question': 'Vous êtes connecté en tant que {user}. Voulez-vous vous déconnecter sur cet appareil ?',
  'logout.stay': 'Rester connecté',

  'authorize.title': 'Autoriser l’accès',
  'authorize.notFoundTitle': 'Demande de connexion introuvable',
  'authorize.incompleteTitle': 'Ce lien est incomplet',
  'authorize.incompleteText': 'Revenez à l’application et recommencez la connexion.',
  'authorize.cannotContinue': 'Nous ne pouvons pas poursuivre cette connexion',
  'authorize.closeHint': 'Vous pouvez fermer cette page et revenir à l’application.',
  'authorize.membershipRequiredTitle': 'Appartenance à une organisation requise',
  'authorize.continuing': 'Poursuite vers {client}…',
  'authorize.wantsAccess': '{client} souhaite utiliser votre compte.',
  'authorize.signedInAs': 'Connecté en tant que {user}.',
  'authorize.notYou': 'Ce n’est pas vous ? Utiliser un autre compte',
  'authorize.failedTitle': 'Nous n’avons pas pu terminer cette étape',
  'authorize.scopesHeading': 'Si vous acceptez, {client} pourra :',
  'authorize.memberOf': 'Continuer en tant que membre de',
  'authorize.returnTo': 'Vous reviendrez ensuite à {origin}.',
  'authorize.approve': 'Autoriser',
  'authorize.approving': 'Autorisation…',
  'authorize.deny': 'Refuser',
  'authorize.denying': 'Refus…',
  'authorize.keyCreatedTitle': 'Votre clé de chiffrement est configurée',
  'authorize.keyCreatedText':
    '{client} recevra sa clé lorsque vous accepterez. Conservez votre clé de récupération en lieu sûr.',
  'authorize.newKeyTitle': 'Vous avez une nouvelle clé de chiffrement',
  'authorize.newKeyText':
    '{client} recevra une nouvelle clé. Les données chiffrées avec votre ancienne clé ne pourront plus être ouvertes. Conservez votre nouvelle clé de récupération en lieu sûr.',
  'authorize.keyUnlockedTitle': 'Votre clé de chiffrement est déverrouillée',
  'authorize.keyUnlockedText': '{client} recevra sa clé lorsque vous accepterez.',
  'authorize.membersOnly': '{client} ne peut être utilisé qu’en tant que membre d’une organisation.',
  'authorize.noOrganizationTitle': 'Vous n’êtes membre d’aucune organisation',
  'authorize.noOrganizationText':
    'Vous êtes connecté en tant que {email} et ce compte n’appartient à aucune organisation : vous ne pouvez donc pas continuer vers {client}.',
  'authorize.askForInvite':
    'Demandez à une personne qui gère votre organisation de vous inviter. Une fois l’invitation acceptée, reconnectez-vous à {client}.',
  'authorize.backFailedTitle': 'Nous n’avons pas pu vous ramener à l’application',
  'authorize.refusalReturn':
    'Vous allez revenir à {origin}, qui sera informé que vous n’avez pas pu continuer.',
  'authorize.returning': 'Retour…',
  'authorize.backTo': 'Retour à {client}',
  // The device page (RFC 8628): a code shown by a TV or console, entered here
  'device.title': 'Connecter un appareil',
  'device.intro':
    'Saisissez le code affiché sur votre téléviseur, votre console ou un autre appareil pour le connecter à votre compte.',
  'device.codeLabel': 'Code de votre appareil',
  'device.codeHint':
    'Huit lettres, par exemple BCDF-GHJK. Majuscules, minuscules et tiret n’ont pas d’importance.',
  'device.codeEmpty': 'Saisissez le code affiché sur votre appareil.',
  'device.submit': 'Continuer',
  'device.failedTitle': 'Nous n’avons pas pu utiliser ce code',
  'device.approvedTitle': 'Votre appareil est connecté',
  'device.approvedText':
    'Revenez à votre appareil : il continuera de lui-même dans quelques secondes. Vous pouvez fermer cette page.',
  'device.deniedTitle': 'Accès refusé',
  'device.deniedText': 'L’appareil n’a pas reçu l’accès à votre compte. Vous pouvez fermer cette page.',
  'device.anotherCode': 'Saisir un autre code',
  'device.consentNoticeTitle': 'Est-ce bien votre appareil ?',
  'device.consentNotice':
    'Un appareil demande à être connecté avec votre compte. N’approuvez que si vous avez vous-même commencé la connexion sur un appareil que vous utilisez et saisi le code qu’il affiche. Si vous approuvez, {client} pourra, sur cet appareil, faire ce qui est indiqué ci-dessus.',
  'scope.openid': 'Vous connecter avec votre compte',
  'scope.profile': 'Lire votre nom',
  'scope.email': 'Lire votre adresse e-mail et savoir si elle est vérifiée',
  'scope.offline_access': 'Rester connecté lorsque vous n’utilisez pas l’application',
  // Password reset from the emailed link
  'reset.title': 'Réinitialiser votre mot de passe',
  'reset.invalidTitle': 'Ce lien de réinitialisation ne fonctionne pas',
  'reset.invalidText':
    'Il a déjà été utilisé, a expiré ou est incomplet. Les liens de réinitialisation ne fonctionnent qu’une fois, pendant une heure.',
  'reset.askAgain': 'Demander un nouveau lien',
  'reset.doneTitle': 'Mot de passe modifié',
  'reset.doneNotice': 'Votre nouveau mot de passe est enregistré',
  'reset.doneText':
    'Pour votre sécurité, vous avez été déconnecté partout. Connectez-vous avec votre nouveau mot de passe.',
  'reset.checking': 'Vérification de votre lien…',
  'reset.chooseTitle': 'Choisir un nouveau mot de passe',
  'reset.failedTitle': 'Nous n’avons pas pu enregistrer votre nouveau mot de passe',
  'reset.account': 'Compte',
  'reset.newPassword': 'Nouveau mot de passe',
  'reset.saving': 'Enregistrement…',
  'reset.submit': 'Enregistrer le nouveau mot de passe',

  // The pages the confirmation emails link to
  'verify.title': 'Confirmez votre adresse e-mail',
  'verify.incompleteTitle': 'Ce lien est incomplet',
  'verify.incompleteText': 'Ouvrez le lien de l’e-mail tel quel, ou demandez-en un nouveau ci-dessous.',
  'verify.confirming': 'Confirmation de votre adresse e-mail…',
  'verify.failedTitle': 'Nous n’avons pas pu confirmer votre adresse e-mail',
  'verify.usedText':
    'Ce lien a déjà été utilisé ou a expiré. Si vous avez déjà confirmé votre adresse, connectez-vous simplement.',
  'verify.doneTitle': 'Adresse e-mail confirmée',
  'verify.thankYou': 'Merci',
  'verify.doneText': 'Votre adresse e-mail est confirmée. Vous pouvez maintenant vous connecter.',
  'verify.sentText': 'Si {email} doit encore être confirmée, un nouveau lien est en route.',
  'verify.newLinkHeading': 'Obtenir un nouveau lien',
  'verify.sendNewLink': 'Envoyer un nouveau lien',
  'confirmEmail.title': 'Confirmez votre nouvelle adresse e-mail',
  'confirmEmail.failedTitle': 'Nous n’avons pas pu changer votre adresse e-mail',
  'confirmEmail.invalidText':
    'Ce lien a déjà été utilisé, a expiré ou est incomplet. Redemandez le changement depuis la page de votre compte.',
  'confirmEmail.takenText':
    'Un autre compte utilise désormais cette adresse : elle ne peut donc pas devenir la vôtre.',
  'confirmEmail.confirming': 'Confirmation de votre nouvelle adresse e-mail…',
  'confirmEmail.doneTitle': 'Adresse e-mail modifiée',
  'confirmEmail.done': 'C’est fait',
  'confirmEmail.doneText':
    'L’adresse e-mail de votre compte est désormais {email}. Utilisez-la dorénavant pour vous connecter.',
  // Two-step verification at sign-in, and code fields
  'otp.title': 'Validation en deux étapes',
  'otp.failedTitle': 'Nous n’avons pas pu poursuivre la connexion',
  'otp.signInAgainTitle': 'Reconnectez-vous',
  'otp.signInAgainText':
    'Cette connexion est terminée ou a expiré. Recommencez avec votre adresse e-mail et votre mot de passe.',
  'otp.otherAccount': 'Se connecter avec un autre compte',
  'otp.enterCode': 'Saisissez le code de votre application d’authentification pour terminer la connexion.',
  'otp.enterCodeFor':
    'Saisissez le code de votre application d’authentification pour terminer la connexion à {client}.',
  'otp.passwordAccepted': 'Mot de passe accepté pour {email}.',
  'otp.lockedTitle': 'La validation en deux étapes est bloquée',
  'otp.lockedUntil':
    'Trop de codes erronés ont été saisis : aucun code n’est accepté avant {time}. Réessayez à ce moment-là, ou demandez à votre administrateur de la débloquer.',
  'otp.lockedForAWhile':
    'Trop de codes erronés ont été saisis : aucun code n’est accepté pendant un moment. Réessayez plus tard, ou demandez à votre administrateur de la débloquer.',
  'otp.verify': 'Valider',
  'otp.verifying': 'Validation…',
  'otp.lostPhone':
    'Vous avez perdu votre téléphone ? Choisissez « {useBackup} » et saisissez l’un des codes de secours que vous avez conservés.',
  'code.totpLabel': 'Code de votre application d’authentification',
  'code.totpHint': 'Le code à 6 chiffres que l’application affiche actuellement pour ce compte.',
  'code.didNotWork': 'Ce code n’a pas fonctionné',
  'code.backupLabel': 'Code de secours',
  'code.backupHint':
    'L’un des codes de secours conservés lors de la configuration de la validation en deux étapes, par exemple ABCDE-FGH23. Chacun ne fonctionne qu’une fois.',
  'code.useBackup': 'Utiliser plutôt un code de secours',
  'code.useApp': 'Utiliser plutôt un code de l’application',
  'code.enterTotp': 'Saisissez le code de votre application d’authentification.',
  'code.totpDigits':
    'Saisissez le code à 6 chiffres de votre application d’authentification (chiffres uniquement).',
  'code.enterBackup': 'Saisissez l’un de vos codes de secours.',
  'code.backupFormat': 'Saisissez un code de secours comme ABCDE-FGH23.',
  'code.invalid_otp':
    'Ce code est incorrect ou a déjà été utilisé. Saisissez le code le plus récent de votre application, ou un code de secours inutilisé.',
  'code.otp_locked':
    'Trop de codes erronés : la validation en deux étapes est bloquée pendant un moment. Patientez, puis réessayez, ou demandez à votre administrateur de la débloquer.',
  'code.otp_not_pending': 'Cette configuration a expiré ou a été remplacée. Recommencez la configuration.',
  'code.otp_not_enabled': 'La validation en deux étapes n’est pas configurée pour ce compte.',
  'code.otp_not_required': 'Vous êtes déjà connecté.',
  'code.second_factor_required': 'Terminez d’abord la connexion avec votre code.',
  'code.otp_required':
    'La validation en deux étapes est obligatoire pour votre compte : elle ne peut pas être désactivée.',
  'code.step_up_required':
    'Confirmez d’abord votre identité avec un code de votre application d’authentification.',
  // An invitation to an organization
  'invite.notFoundTitle': 'Invitation introuvable',
  'invite.title': 'Invitation',
  'invite.incompleteText':
    'Rouvrez le lien d’invitation depuis l’e-mail, ou copiez le lien complet dans la barre d’adresse.',
  'invite.cannotOpen': 'Nous ne pouvons pas ouvrir cette invitation',
  'invite.askAgain':
    'Si vous souhaitez toujours rejoindre l’organisation, demandez une nouvelle invitation à la personne qui vous a invité.',
  'invite.invite_not_found':
    'Cette invitation n’est plus valide : elle a déjà été utilisée, refusée ou retirée, ou le lien est incomplet.',
  'invite.invite_expired':
    'Cette invitation a expiré. Demandez à la personne qui vous a invité de vous en envoyer une nouvelle.',
  'invite.invite_wrong_account':
    'Cette invitation est destinée à une autre adresse e-mail que celle du compte avec lequel vous êtes connecté.',
  'invite.email_not_verified':
    'Confirmez d’abord votre adresse e-mail à l’aide du lien que nous vous avons envoyé, puis rouvrez cette page.',
  'invite.already_member': 'Vous êtes déjà membre de cette organisation.',
  'invite.acceptedTitle': 'Invitation acceptée',
  'invite.acceptedText':
    'Vous êtes désormais membre de {organization}. Les applications qui fonctionnent avec des organisations peuvent maintenant vous laisser continuer en tant que membre.',
  'invite.declinedTitle': 'Invitation refusée',
  'invite.declinedText':
    'Vous avez refusé l’invitation à rejoindre {organization}. Le lien ne fonctionne plus.',
  'invite.join': 'Rejoindre {organization}',
  'invite.invites': '{organization} invite {email} à devenir membre.',
  'invite.roles': 'Rôles',
  'invite.expired': 'Expirée',
  'invite.validUntil': 'Valable jusqu’au',
  'invite.expiredTitle': 'Cette invitation a expiré',
  'invite.signInHeading': 'Connectez-vous pour répondre',
  'invite.signInText':
    'Connectez-vous avec {email} (ou créez un compte avec cette adresse). Vous reviendrez ensuite sur cette page pour accepter ou refuser l’invitation.',
  'invite.wrongAccountTitle': 'Vous êtes connecté avec un autre compte',
  'invite.wrongAccountText':
    'Vous êtes connecté en tant que {signedIn}, mais cette invitation est destinée à {email}. Déconnectez-vous, connectez-vous avec l’adresse invitée, puis rouvrez le lien d’invitation.',
  'invite.signOut': 'Se déconnecter',
  'invite.failedTitle': 'Nous n’avons pas pu répondre à l’invitation',
  'invite.accepting': 'Acceptation…',
  'invite.accept': 'Accepter l’invitation',
  'invite.declining': 'Refus…',
  'invite.decline': 'Refuser',
  ...frAccount,
};
