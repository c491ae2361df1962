import type { Message } from '../format';
import { esAccount } from './account-es';
import type { en } from './en';

/** Spanish (usted). */
export const es: Record<keyof typeof en, Message> = {
  'common.siteName': 'Tessera',
  'common.loading': 'Cargando…',
  'common.show': 'Mostrar',
  'common.hide': 'Ocultar',
  'common.continue': 'Continuar',
  'common.signIn': 'Iniciar sesión',
  'common.sending': 'Enviando…',
  'common.checking': 'Comprobando…',
  'common.emailAddress': 'Correo electrónico',
  'common.password': 'Contraseña',
  'common.backToSignIn': 'Volver a iniciar sesión',
  'common.goToSignIn': 'Ir a iniciar sesión',
  'common.checkYourEmail': 'Revise su correo',
  'common.signedInAs': 'Sesión iniciada como {name}',
  'common.nameAndEmail': '{name} ({email})',
  'language.label': 'Idioma',

  'validation.emailEmpty': 'Introduzca su dirección de correo electrónico.',
  'validation.emailInvalid': 'Introduzca una dirección de correo como nombre@example.com.',
  'validation.passwordEmpty': 'Introduzca su contraseña.',
  'validation.nameTooLong': 'Use como máximo {max} caracteres.',
  'validation.newPasswordEmpty': 'Elija una contraseña.',
  'validation.newPasswordTooShort':
    'Use al menos {min} caracteres. Unas cuantas palabras sin relación entre sí forman una contraseña segura.',
  'validation.newPasswordTooLong': 'Use como máximo {max} caracteres.',
  'validation.newPasswordHint':
    'Al menos {min} caracteres. Unas cuantas palabras sin relación entre sí son fáciles de recordar y difíciles de adivinar.',
  'validation.samePassword': 'Elija una contraseña distinta de la actual.',

  'error.network_error': 'No pudimos conectar con el servidor. Compruebe su conexión e inténtelo de nuevo.',
  'error.invalid_credentials': 'La dirección de correo o la contraseña no son correctas.',
  'error.email_not_verified': 'Confirme primero su dirección de correo con el enlace que le enviamos.',
  'error.registration_closed':
    'Aquí las cuentas nuevas las crea un administrador, así que no puede crear una usted mismo.',
  'error.email_not_configured':
    'Este servicio no puede enviar correos en este momento, por lo que este paso no es posible. Póngase en contacto con el administrador.',
  'error.email_taken': 'Ya existe una cuenta con esta dirección de correo. Inicie sesión en su lugar.',
  'error.email_domain_federated':
    'Las direcciones de este dominio inician sesión a través de su organización. En la página de inicio de sesión, elija «Iniciar sesión con su organización».',
  'error.invalid_token': 'Este enlace ya no es válido: ya se utilizó, ha caducado o está incompleto.',
  'error.request_not_found':
    'Esta solicitud de inicio de sesión es desconocida, ya terminó o ha caducado. Vuelva a la aplicación y empiece de nuevo.',
  'error.request_already_used':
    'Esta solicitud de inicio de sesión ya se completó. Vuelva a la aplicación y empiece de nuevo.',
  'error.request_browser_mismatch':
    'Esta solicitud de inicio de sesión se inició en otro navegador. Vuelva a la aplicación en este navegador y empiece de nuevo.',
  'error.login_required': 'Vuelva a iniciar sesión para continuar.',
  'error.not_signed_in': 'Ya no tiene la sesión iniciada. Inicie sesión e inténtelo de nuevo.',
  'error.second_factor_required':
    'Termine primero de iniciar sesión con el código de su aplicación de autenticación.',
  'error.step_up_required':
    'Confirme primero su identidad con un código actual de su aplicación de autenticación.',
  'error.csrf_failed': 'Su sesión cambió en otra pestaña. Vuelva a cargar la página e inténtelo de nuevo.',
  'error.rate_limited': 'Demasiados intentos. Espere un momento e inténtelo de nuevo.',
  'error.invalid_user_code':
    'Este código no es válido o ha caducado. Compruebe el código en su dispositivo e inténtelo de nuevo.',
  'error.not_found': 'Esta función todavía no está disponible en este servidor.',
  'error.device_approval_not_found':
    'Esta solicitud de aprobación ya no está pendiente: caducó o ya se utilizó. Empiece de nuevo en el dispositivo nuevo.',
  'error.device_approval_not_allowed':
    'La aprobación de un dispositivo desde otro está desactivada en este servidor.',
  'error.too_many_device_approvals':
    'Ya hay varios dispositivos esperando aprobación. Espere unos minutos e inténtelo de nuevo.',
  'error.last_unlock_envelope':
    'Es la última forma que le queda de desbloquear su clave, así que no se puede eliminar. Añada otra primero.',
  'error.envelope_type_not_allowed':
    'La política de su organización no permite desbloquear su clave de esta forma. Use otra, como su clave de recuperación, o consulte a su administrador.',
  'error.serverFailure': 'Algo salió mal por nuestra parte. Inténtelo de nuevo en un momento.',
  'error.otherCode': 'Algo salió mal ({code}). Inténtelo de nuevo.',
  'error.inPage': 'Algo salió mal en esta página. Vuelva a cargarla e inténtelo de nuevo.',

  'oauthError.invalid_client':
    'La aplicación que le envió aquí no está registrada en este servicio de inicio de sesión o no tiene permiso para usarlo.',
  'oauthError.invalid_request':
    'La aplicación que le envió aquí hizo una solicitud de inicio de sesión que este servicio no puede aceptar, por ejemplo con una dirección de retorno que la aplicación nunca registró.',
  'oauthError.unauthorized_client':
    'La aplicación que le envió aquí no tiene permiso para iniciar su sesión de esta forma.',
  'oauthError.unsupported_response_type':
    'La aplicación que le envió aquí pidió un tipo de inicio de sesión que este servicio no ofrece.',
  'oauthError.invalid_scope': 'La aplicación que le envió aquí pidió un acceso que este servicio no ofrece.',
  'oauthError.access_denied': 'El inicio de sesión se canceló o no se permitió.',
  'oauthError.server_error': 'Algo salió mal por nuestra parte. Inténtelo de nuevo más tarde.',
  'oauthError.temporarily_unavailable':
    'El servicio de inicio de sesión está ocupado o en mantenimiento. Inténtelo de nuevo en unos minutos.',
  'oauthError.fallback': 'Algo salió mal con la solicitud de inicio de sesión.',

  'errorPage.title': 'No se pudo continuar con el inicio de sesión',
  'errorPage.panelTitle': 'No pudimos completar esta solicitud',
  'errorPage.closeHint':
    'Puede cerrar esta página y volver a la aplicación. Si esto sigue ocurriendo, póngase en contacto con el soporte de la aplicación.',
  'errorPage.technicalDetails': 'Detalles técnicos',
  'errorPage.errorCode': 'Código de error',
  'errorPage.description': 'Descripción',

  'home.intro':
    'Este es el servicio de inicio de sesión de {product}. Las aplicaciones que usan {product} le envían aquí para iniciar sesión y después le devuelven a ellas.',
  'home.goToAccount': 'Ir a su cuenta',
  'notFound.title': 'Página no encontrada',
  'notFound.text':
    'No hay ninguna página en esta dirección. Compruebe el enlace o empiece de nuevo desde el principio.',
  'notFound.startPage': 'Ir a la página de inicio',

  'signIn.title': 'Iniciar sesión',
  'signIn.continueTo': 'Inicie sesión para continuar en {client}.',
  'signIn.signingIn': 'Iniciando sesión…',
  'signIn.failedTitle': 'No pudimos iniciar su sesión',
  'signIn.invalidCredentials':
    'La dirección de correo o la contraseña no son correctas. Compruébelas e inténtelo de nuevo.',
  'signIn.confirmFirstTitle': 'Confirme primero su dirección de correo',
  'signIn.confirmFirstText':
    'Abra el enlace que enviamos a {email} para confirmarla y después inicie sesión. El enlace puede tardar unos minutos en llegar; revise también la carpeta de spam.',
  'signIn.forgotPassword': '¿Ha olvidado su contraseña?',
  'signIn.createAccount': 'Crear una cuenta',
  'passkey.signIn': 'Iniciar sesión con una llave de acceso',
  'passkey.waiting': 'Esperando su llave de acceso…',
  'passkey.failedTitle': 'No pudimos iniciar su sesión con una llave de acceso',
  'passkey.rejectedFor': 'Esta llave de acceso no está registrada para {email} o no se pudo verificar.',
  'passkey.rejected':
    'Esta llave de acceso no está registrada para ninguna cuenta aquí o no se pudo verificar.',
  'organizationSignIn.open': 'Iniciar sesión con su organización',
  'organizationSignIn.noSsoTitle': 'No hay inicio de sesión único para esta dirección',
  'organizationSignIn.noSsoText':
    'Su organización no inicia sesión aquí a través de su propio proveedor: use su contraseña más abajo.',
  'organizationSignIn.failedTitle': 'No pudimos comprobar su dirección',
  'organizationSignIn.workEmail': 'Correo electrónico del trabajo',
  'resend.sentTitle': 'Le enviamos un enlace nuevo',
  'resend.sentText':
    'Si {email} todavía necesita confirmación, hay un enlace nuevo en camino. Ábralo y después inicie sesión.',
  'resend.failedTitle': 'No pudimos enviar el enlace',
  'resend.button': 'Enviar el enlace de nuevo',

  'register.title': 'Crear una cuenta',
  'register.closedTitle': 'No puede crear una cuenta aquí',
  'register.closedText':
    'En este servicio las cuentas nuevas las crea un administrador. Pídale una cuenta o inicie sesión si ya tiene una.',
  'register.oneMoreStep': 'Un paso más',
  'register.sentText':
    'Enviamos un enlace a {email}. Ábralo para confirmar su dirección y después inicie sesión. El enlace funciona una sola vez y caduca en 24 horas.',
  'register.noEmail': '¿No ha recibido ningún correo tras unos minutos? Revise la carpeta de spam, o:',
  'register.takenTitle': 'Esta dirección de correo ya tiene una cuenta',
  'register.takenText': '{signIn}, o {reset} si la ha olvidado.',
  'register.takenSignIn': 'Inicie sesión en su lugar',
  'register.resetLink': 'restablezca su contraseña',
  'register.failedTitle': 'No pudimos crear su cuenta',
  'register.name': 'Su nombre',
  'register.nameHint': 'Opcional. Las aplicaciones en las que inicie sesión pueden mostrarlo.',
  'register.creating': 'Creando su cuenta…',
  'register.submit': 'Crear cuenta',
  'register.haveAccount': '¿Ya tiene una cuenta?',

  'forgot.title': 'Restablecer su contraseña',
  'forgot.sentTitle': 'Enlace de restablecimiento enviado',
  'forgot.sentText':
    'Si {email} pertenece a una cuenta, le enviamos un enlace para elegir una contraseña nueva. El enlace funciona una sola vez y caduca en una hora.',
  'forgot.noEmail':
    '¿No ha recibido ningún correo tras unos minutos? Revise la carpeta de spam o inténtelo más tarde.',
  'forgot.intro':
    'Introduzca la dirección de correo de su cuenta. Le enviaremos un enlace para elegir una contraseña nueva.',
  'forgot.failedTitle': 'No pudimos enviar el enlace',
  'forgot.submit': 'Enviar enlace de restablecimiento',

  'logout.signedOutTitle': 'Ha cerrado la sesión',
  'logout.signedOut': 'Sesión cerrada',
  'logout.signedOutText': 'Ha cerrado la sesión de su cuenta en este dispositivo. Puede cerrar esta página.',
  'logout.signInAgain': 'Volver a iniciar sesión',
  'logout.title': '¿Cerrar sesión?',
  'logout.checkFailed': 'No pudimos comprobar si tiene la sesión iniciada',
  'logout.question': 'Ha iniciado sesión como {user}. ¿Desea cerrar la sesión en este dispositivo?',
  'logout.stay': 'Mantener la sesión',

  'authorize.title': 'Permitir el acceso',
  'authorize.notFoundTitle': 'Solicitud de inicio de sesión no encontrada',
  'authorize.incompleteTitle': 'Este enlace está incompleto',
  'authorize.incompleteText': 'Vuelva a la aplicación e inicie sesión de nuevo.',
  'authorize.cannotContinue': 'No podemos continuar con este inicio de sesión',
  'authorize.closeHint': 'Puede cerrar esta página y volver a la aplicación.',
  'authorize.membershipRequiredTitle': 'Se requiere pertenecer a una organización',
  'authorize.continuing': 'Continuando a {client}…',
  'authorize.wantsAccess': '{client} quiere usar su cuenta.',
  'authorize.signedInAs': 'Sesión iniciada como {user}.',
  'authorize.notYou': '¿No es usted? Use otra cuenta',
  'authorize.failedTitle': 'No pudimos completar este paso',
  'authorize.scopesHeading': 'Si lo permite, {client} podrá:',
  'authorize.memberOf': 'Continuar como miembro de',
  'authorize.returnTo': 'Después volverá a {origin}.',
  'authorize.approve': 'Permitir',
  'authorize.approving': 'Permitiendo…',
  'authorize.deny': 'Denegar',
  'authorize.denying': 'Denegando…',
  'authorize.keyCreatedTitle': 'Su clave de cifrado está configurada',
  'authorize.keyCreatedText':
    '{client} recibirá su clave cuando lo permita. Guarde su clave de recuperación en un lugar seguro.',
  'authorize.newKeyTitle': 'Tiene una clave de cifrado nueva',
  'authorize.newKeyText':
    '{client} recibirá una clave nueva. Los datos que cifró con su clave anterior ya no se podrán abrir. Guarde su nueva clave de recuperación en un lugar seguro.',
  'authorize.keyUnlockedTitle': 'Su clave de cifrado está desbloqueada',
  'authorize.keyUnlockedText': '{client} recibirá su clave cuando lo permita.',
  'authorize.membersOnly': '{client} solo se puede usar como miembro de una organización.',
  'authorize.noOrganizationTitle': 'No es miembro de ninguna organización',
  'authorize.noOrganizationText':
    'Ha iniciado sesión como {email} y esta cuenta no pertenece a ninguna organización, por lo que no puede continuar a {client}.',
  'authorize.askForInvite':
    'Pida a alguien que gestione su organización que le invite. Cuando haya aceptado la invitación, vuelva a iniciar sesión en {client}.',
  'authorize.backFailedTitle': 'No pudimos llevarle de vuelta a la aplicación',
  'authorize.refusalReturn': 'Volverá a {origin}, que sabrá que no pudo continuar.',
  'authorize.returning': 'Volviendo…',
  'authorize.backTo': 'Volver a {client}',
  // The device page (RFC 8628): a code shown by a TV or console, entered here
  'device.title': 'Conectar un dispositivo',
  'device.intro':
    'Escriba el código que muestra su televisor, consola u otro dispositivo para iniciar sesión en él con su cuenta.',
  'device.codeLabel': 'Código de su dispositivo',
  'device.codeHint': 'Ocho letras, por ejemplo BCDF-GHJK. Da igual si usa mayúsculas, minúsculas o el guion.',
  'device.codeEmpty': 'Escriba el código que muestra su dispositivo.',
  'device.submit': 'Continuar',
  'device.failedTitle': 'No pudimos usar este código',
  'device.approvedTitle': 'Su dispositivo está conectado',
  'device.approvedText':
    'Vuelva a su dispositivo: continuará por sí solo en unos segundos. Puede cerrar esta página.',
  'device.deniedTitle': 'Acceso denegado',
  'device.deniedText': 'El dispositivo no ha recibido acceso a su cuenta. Puede cerrar esta página.',
  'device.anotherCode': 'Escribir otro código',
  'device.consentNoticeTitle': '¿Es este su dispositivo?',
  'device.consentNotice':
    'Un dispositivo ha pedido iniciar sesión con su cuenta. Apruébelo solo si usted mismo empezó esto en un dispositivo que está usando y escribió el código que muestra. Si lo aprueba, {client} podrá hacer en ese dispositivo lo que se indica arriba.',
  'scope.openid': 'Iniciar su sesión con su cuenta',
  'scope.profile': 'Leer su nombre',
  'scope.email': 'Leer su dirección de correo y si está verificada',
  'scope.offline_access': 'Mantener la sesión cuando no esté usando la aplicación',
  // Password reset from the emailed link
  'reset.title': 'Restablecer su contraseña',
  'reset.invalidTitle': 'Este enlace de restablecimiento no funciona',
  'reset.invalidText':
    'Ya se utilizó, ha caducado o está incompleto. Los enlaces de restablecimiento funcionan una sola vez, durante una hora.',
  'reset.askAgain': 'Pedir un enlace nuevo',
  'reset.doneTitle': 'Contraseña cambiada',
  'reset.doneNotice': 'Su nueva contraseña está guardada',
  'reset.doneText':
    'Por su seguridad, se cerró su sesión en todas partes. Inicie sesión con su nueva contraseña.',
  'reset.checking': 'Comprobando su enlace…',
  'reset.chooseTitle': 'Elegir una contraseña nueva',
  'reset.failedTitle': 'No pudimos guardar su nueva contraseña',
  'reset.account': 'Cuenta',
  'reset.newPassword': 'Contraseña nueva',
  'reset.saving': 'Guardando…',
  'reset.submit': 'Guardar la contraseña nueva',

  // The pages the confirmation emails link to
  'verify.title': 'Confirme su dirección de correo',
  'verify.incompleteTitle': 'Este enlace está incompleto',
  'verify.incompleteText': 'Abra el enlace del correo tal como está, o pida uno nuevo más abajo.',
  'verify.confirming': 'Confirmando su dirección de correo…',
  'verify.failedTitle': 'No pudimos confirmar su dirección de correo',
  'verify.usedText':
    'Este enlace ya se utilizó o ha caducado. Si ya confirmó su dirección, simplemente inicie sesión.',
  'verify.doneTitle': 'Dirección de correo confirmada',
  'verify.thankYou': 'Gracias',
  'verify.doneText': 'Su dirección de correo está confirmada. Ya puede iniciar sesión.',
  'verify.sentText': 'Si {email} todavía necesita confirmación, hay un enlace nuevo en camino.',
  'verify.newLinkHeading': 'Obtener un enlace nuevo',
  'verify.sendNewLink': 'Enviar un enlace nuevo',
  'confirmEmail.title': 'Confirme su nueva dirección de correo',
  'confirmEmail.failedTitle': 'No pudimos cambiar su dirección de correo',
  'confirmEmail.invalidText':
    'Este enlace ya se utilizó, ha caducado o está incompleto. Vuelva a pedir el cambio desde la página de su cuenta.',
  'confirmEmail.takenText':
    'Otra cuenta empezó a usar esta dirección mientras tanto, así que no puede ser la suya.',
  'confirmEmail.confirming': 'Confirmando su nueva dirección de correo…',
  'confirmEmail.doneTitle': 'Dirección de correo cambiada',
  'confirmEmail.done': 'Listo',
  'confirmEmail.doneText':
    'La dirección de correo de su cuenta ahora es {email}. Úsela a partir de ahora para iniciar sesión.',
  // Two-step verification at sign-in, and code fields
  'otp.title': 'Verificación en dos pasos',
  'otp.failedTitle': 'No pudimos continuar con el inicio de sesión',
  'otp.signInAgainTitle': 'Vuelva a iniciar sesión',
  'otp.signInAgainText':
    'Este inicio de sesión terminó o caducó. Empiece de nuevo con su dirección de correo y su contraseña.',
  'otp.otherAccount': 'Iniciar sesión con otra cuenta',
  'otp.enterCode': 'Introduzca el código de su aplicación de autenticación para terminar de iniciar sesión.',
  'otp.enterCodeFor':
    'Introduzca el código de su aplicación de autenticación para terminar de iniciar sesión en {client}.',
  'otp.passwordAccepted': 'Contraseña aceptada para {email}.',
  'otp.lockedTitle': 'La verificación en dos pasos está bloqueada',
  'otp.lockedUntil':
    'Se introdujeron demasiados códigos incorrectos, así que no se aceptan códigos hasta las {time}. Inténtelo entonces, o pida a su administrador que la desbloquee.',
  'otp.lockedForAWhile':
    'Se introdujeron demasiados códigos incorrectos, así que no se aceptan códigos durante un tiempo. Inténtelo más tarde, o pida a su administrador que la desbloquee.',
  'otp.verify': 'Verificar',
  'otp.verifying': 'Verificando…',
  'otp.lostPhone':
    '¿Ha perdido su teléfono? Elija «{useBackup}» e introduzca uno de los códigos de respaldo que guardó.',
  'code.totpLabel': 'Código de su aplicación de autenticación',
  'code.totpHint': 'El código de 6 dígitos que la aplicación muestra ahora para esta cuenta.',
  'code.didNotWork': 'Ese código no funcionó',
  'code.backupLabel': 'Código de respaldo',
  'code.backupHint':
    'Uno de los códigos de respaldo que guardó al configurar la verificación en dos pasos, como ABCDE-FGH23. Cada uno funciona una sola vez.',
  'code.useBackup': 'Usar un código de respaldo',
  'code.useApp': 'Usar un código de la aplicación',
  'code.enterTotp': 'Introduzca el código de su aplicación de autenticación.',
  'code.totpDigits': 'Introduzca el código de 6 dígitos de su aplicación de autenticación (solo dígitos).',
  'code.enterBackup': 'Introduzca uno de sus códigos de respaldo.',
  'code.backupFormat': 'Introduzca un código de respaldo como ABCDE-FGH23.',
  'code.invalid_otp':
    'Ese código no es correcto o ya se utilizó. Introduzca el código más reciente de su aplicación o un código de respaldo sin usar.',
  'code.otp_locked':
    'Demasiados códigos incorrectos: la verificación en dos pasos está bloqueada durante un tiempo. Espere e inténtelo de nuevo, o pida a su administrador que la desbloquee.',
  'code.otp_not_pending': 'Esta configuración caducó o fue sustituida. Vuelva a empezar la configuración.',
  'code.otp_not_enabled': 'La verificación en dos pasos no está configurada para esta cuenta.',
  'code.otp_not_required': 'Ya tiene la sesión iniciada.',
  'code.second_factor_required': 'Termine primero de iniciar sesión con su código.',
  'code.otp_required':
    'La verificación en dos pasos es obligatoria para su cuenta, así que no se puede desactivar.',
  'code.step_up_required': 'Confirme primero su identidad con un código de su aplicación de autenticación.',
  // An invitation to an organization
  'invite.notFoundTitle': 'Invitación no encontrada',
  'invite.title': 'Invitación',
  'invite.incompleteText':
    'Vuelva a abrir el enlace de invitación del correo, o copie el enlace completo en la barra de direcciones.',
  'invite.cannotOpen': 'No podemos abrir esta invitación',
  'invite.askAgain': 'Si todavía quiere unirse, pida una invitación nueva a la persona que le invitó.',
  'invite.invite_not_found':
    'Esta invitación ya no es válida: ya se utilizó, se rechazó o se retiró, o el enlace está incompleto.',
  'invite.invite_expired':
    'Esta invitación ha caducado. Pida a la persona que le invitó que le envíe una nueva.',
  'invite.invite_wrong_account':
    'Esta invitación es para una dirección de correo distinta de la de la cuenta con la que ha iniciado sesión.',
  'invite.email_not_verified':
    'Confirme primero su dirección de correo con el enlace que le enviamos y después vuelva a abrir esta página.',
  'invite.already_member': 'Ya es miembro de esta organización.',
  'invite.acceptedTitle': 'Invitación aceptada',
  'invite.acceptedText':
    'Ahora es miembro de {organization}. Las aplicaciones que trabajan con organizaciones ya pueden dejarle continuar como miembro.',
  'invite.declinedTitle': 'Invitación rechazada',
  'invite.declinedText': 'Rechazó la invitación a {organization}. El enlace ya no funciona.',
  'invite.join': 'Unirse a {organization}',
  'invite.invites': '{organization} invita a {email} a ser miembro.',
  'invite.roles': 'Roles',
  'invite.expired': 'Caducada',
  'invite.validUntil': 'Válida hasta',
  'invite.expiredTitle': 'Esta invitación ha caducado',
  'invite.signInHeading': 'Inicie sesión para responder',
  'invite.signInText':
    'Inicie sesión con {email} (o cree una cuenta con esa dirección). Volverá a esta página para aceptar o rechazar la invitación.',
  'invite.wrongAccountTitle': 'Ha iniciado sesión con otra cuenta',
  'invite.wrongAccountText':
    'Ha iniciado sesión como {signedIn}, pero esta invitación es para {email}. Cierre la sesión, inicie sesión con la dirección invitada y vuelva a abrir el enlace de invitación.',
  'invite.signOut': 'Cerrar sesión',
  'invite.failedTitle': 'No pudimos responder a la invitación',
  'invite.accepting': 'Aceptando…',
  'invite.accept': 'Aceptar la invitación',
  'invite.declining': 'Rechazando…',
  'invite.decline': 'Rechazar',
  ...esAccount,
};
