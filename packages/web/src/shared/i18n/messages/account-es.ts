import type { Message } from '../format';
import type { enAccount } from './account-en';

/** Spanish (usted): the signed-in pages' messages (account-en.ts). */
export const esAccount: Record<keyof typeof enAccount, Message> = {
  'reset.key.keptTitle': 'Su clave de cifrado se conserva',
  'reset.key.keptText':
    'Las aplicaciones que cifran sus datos usan una clave que solo usted puede desbloquear. Restablecer la contraseña no la borró, pero su nueva contraseña todavía no puede abrirla: la protegía la anterior, y nosotros nunca la conocimos.',
  'reset.key.opensWithIntro': 'La próxima vez que una aplicación le pida su clave, ábrala con:',
  'reset.key.recoveryKey':
    'su clave de recuperación, el código que empieza por TSRK2 que guardó al configurar la clave: existe precisamente para esto',
  'reset.key.passkey': 'una llave de acceso que desbloquee su clave',
  'reset.key.trustedDevice': 'un dispositivo al que haya confiado la apertura de su clave',
  'reset.key.afterwards': 'Después, su nueva contraseña volverá a abrir la clave.',
  'reset.key.nothingOpens':
    'Nada más de lo que configuró la abre, así que los datos que esas aplicaciones cifraron ya no se pueden leer. Una aplicación puede ofrecerle configurar una clave nueva, que empieza vacía.',
  'reset.key.discardedTitle': 'Su clave de cifrado se eliminó',
  'reset.key.discardedText':
    'Su dirección de correo electrónico no se había confirmado antes, así que se eliminó todo lo configurado en esta cuenta antes de este restablecimiento, incluida la clave de cifrado. Una aplicación que cifre sus datos configurará una clave nueva, que empieza vacía.',

  'recoveryKey.empty': 'No se introdujo ninguna clave de recuperación.',
  'recoveryKey.wrongLength': {
    one: 'La clave de recuperación tiene {count} carácter; debería tener {expected} después de {prefix}.',
    many: 'La clave de recuperación tiene {count} caracteres; debería tener {expected} después de {prefix}.',
    other: 'La clave de recuperación tiene {count} caracteres; debería tener {expected} después de {prefix}.',
  },
  'recoveryKey.invalidCharacter':
    '«{character}» en el grupo {group}, posición {position}, no se usa en las claves de recuperación.',
  'recoveryKey.checksumMismatch': 'La clave de recuperación no cuadra: hay un carácter mal escrito.',

  'keybag.loading': 'Cargando su clave de cifrado…',
  'keybag.title': 'Su clave de cifrado',
  'keybag.none':
    'Todavía no tiene clave de cifrado. Se configura la primera vez que una aplicación que cifra sus datos la pide.',
  'keybag.intro':
    'Las aplicaciones que cifran sus datos usan una clave que solo usted puede desbloquear; el servicio de inicio de sesión no puede leerla. Configurada: {created}; último uso por una aplicación: {lastUsed}.',
  'keybag.never': 'nunca',
  'keybag.opensIt': 'Qué la abre',
  'keybag.opensItLabel': 'Qué abre su clave de cifrado',
  'keybag.type.password': 'Contraseña',
  'keybag.type.recovery_key': 'Clave de recuperación',
  'keybag.type.passkey_prf': 'Llave de acceso',
  'keybag.type.trusted_device': 'Dispositivo de confianza',
  'keybag.envelopeDates': 'Añadido: {added}; último uso: {lastUsed}',
  'keybag.stale': 'Ya no abre su clave (su contraseña se sustituyó).',
  'keybag.needed': 'Imprescindible: nada más abre su clave.',
  'keybag.remove.button': 'Quitar',
  'keybag.remove.label': 'Quitar {name} {label}',
  'keybag.remove.confirmLabel': 'Confirmar la retirada',
  'keybag.remove.ask.password':
    'Su contraseña dejará de abrir su clave de cifrado. Seguirá iniciando sesión con ella.',
  'keybag.remove.ask.recovery_key':
    'Esta clave de recuperación dejará de abrir su clave de cifrado, esté donde esté anotada.',
  'keybag.remove.ask.passkey_prf':
    'La llave de acceso «{label}» dejará de abrir su clave de cifrado. La llave de acceso en sí se queda: seguirá iniciando sesión con ella. Para eliminarla, use Llaves de acceso en esta página.',
  'keybag.remove.ask.trusted_device':
    '«{label}» dejará de abrir su clave de cifrado por sí solo. Seguirá iniciando sesión en él como hasta ahora.',
  'keybag.remove.ask.other': '«{label}» dejará de abrir su clave de cifrado.',
  'keybag.remove.confirm': 'Quitar de la clave',
  'keybag.remove.cancel': 'Conservar',
  'keybag.remove.done.password':
    'Su contraseña ya no abre su clave de cifrado. Sigue iniciando sesión con ella.',
  'keybag.remove.done.recovery_key': 'Esta clave de recuperación ya no abre su clave de cifrado.',
  'keybag.remove.done.passkey_prf':
    'La llave de acceso «{label}» ya no abre su clave de cifrado. La llave de acceso en sí no se eliminó: sigue iniciando sesión con ella.',
  'keybag.remove.done.trusted_device': '«{label}» ya no abre su clave de cifrado por sí solo.',
  'keybag.remove.done.other': '«{label}» ya no abre su clave de cifrado.',
  'keybag.replaceRecoveryKey': 'Sustituir su clave de recuperación',
  'keybag.createRecoveryKey': 'Crear una clave de recuperación',
  'keybag.unlockPurpose':
    'La nueva clave de recuperación abrirá la misma clave, así que su clave debe estar desbloqueada aquí.',
  'keybag.saveFailed': 'No pudimos guardar su clave de recuperación',
  'keybag.replacesOld':
    'Su nueva clave de recuperación sustituye a la anterior, que dejará de abrir su clave.',
  'keybag.opensYourKey': 'Esta clave de recuperación abre su clave de cifrado.',
  'keybag.recoveryKeySaved': 'Su nueva clave de recuperación está guardada.',
  'keybag.failed': 'No funcionó',
  'keybag.check.title': 'Comprobar una clave de recuperación',
  'keybag.check.label': 'Clave de recuperación que comprobar',
  'keybag.check.hint': 'Se comprueba solo en este navegador; no cambia nada.',
  'keybag.check.submit': 'Comprobar',
  'keybag.check.wrong': 'Esta clave de recuperación no abre su clave.',
  'keybag.check.opens': 'Esta clave de recuperación abre su clave',
  'keybag.check.keepSafe': 'Guárdela en un lugar seguro.',

  'common.saving': 'Guardando…',
  'common.cancel': 'Cancelar',

  'account.title': 'Su cuenta',
  'account.loadFailed': 'No pudimos cargar su cuenta',
  'account.finishFirst':
    'Primero termine de iniciar sesión: su cuenta necesita un segundo paso después de la contraseña.',
  'account.finishSignIn': 'Terminar de iniciar sesión',
  'account.signInToSee': 'Inicie sesión para ver sus aplicaciones y gestionar su cuenta.',
  'account.signedInAs': 'Sesión iniciada como {name}',
  'account.mustChangeTitle': 'Elija una contraseña nueva',
  'account.mustChangeText': 'Su administrador le pide que elija una contraseña nueva antes de continuar.',
  'account.signOutTitle': 'Cerrar sesión',
  'account.signOutText': 'Cierre la sesión de su cuenta en este dispositivo.',
  'signOut.failed': 'No pudimos cerrar su sesión',
  'signOut.working': 'Cerrando sesión…',
  'signOut.button': 'Cerrar sesión',

  'apps.title': 'Sus aplicaciones',
  'apps.loading': 'Cargando sus aplicaciones…',
  'apps.none': 'Todavía no hay aplicaciones que mostrar aquí.',

  'profile.title': 'Su nombre',
  'profile.saved': 'Guardado',
  'profile.savedText': 'Las aplicaciones verán el nuevo nombre la próxima vez que inicie sesión en ellas.',
  'profile.saveFailed': 'No pudimos guardar su nombre',
  'profile.name': 'Nombre',
  'profile.save': 'Guardar nombre',

  'email.title': 'Correo electrónico',
  'email.sameAddress': 'Esta ya es su dirección.',
  'email.confirmed': '(confirmada)',
  'email.notConfirmed': '(aún sin confirmar)',
  'email.confirmTitle': 'Confirme la nueva dirección',
  'email.sentText': 'Enviamos un enlace a {email}. Su dirección cambiará cuando lo abra.',
  'email.failed': 'No pudimos cambiar su dirección',
  'email.taken': 'Otra cuenta usa esta dirección.',
  'email.newAddress': 'Nueva dirección de correo electrónico',
  'email.change': 'Cambiar la dirección de correo',

  'password.title': 'Contraseña',
  'password.changed': 'Su contraseña se ha cambiado',
  'password.othersSignedOut': 'Se cerró la sesión en los demás dispositivos donde la tenía iniciada.',
  'password.keyCarried': 'Su nueva contraseña abre su clave de cifrado.',
  'password.keyNotCarried':
    'Su nueva contraseña todavía no abre su clave de cifrado: la próxima vez que una aplicación la pida, desbloquéela con su clave de recuperación.',
  'password.wrongTitle': 'Su contraseña actual no es correcta',
  'password.wrongText': 'No se cambió nada. Compruebe su contraseña actual e inténtelo de nuevo.',
  'password.failed': 'No pudimos cambiar su contraseña',
  'password.changing': 'Cambiando la contraseña…',
  'password.change': 'Cambiar contraseña',
  'password.current': 'Contraseña actual',
  'password.new': 'Contraseña nueva',

  'stepUp.title': 'Confirme que es usted',
  'stepUp.explanation':
    'Su cuenta tiene activada la verificación en dos pasos, así que este cambio necesita un código actual de su aplicación de autenticación (o uno de sus códigos de respaldo). Después continúa por sí solo.',
  'stepUp.submit': 'Confirmar y continuar',

  'backupCodes.title': 'Guarde ahora sus códigos de respaldo',
  'backupCodes.onlyOnce': 'Estos códigos solo se muestran esta vez.',
  'backupCodes.explanation':
    'Si pierde su teléfono o la aplicación de autenticación, cada código le permite iniciar sesión una vez en lugar de un código de la aplicación. Guárdelos en un lugar seguro, como un gestor de contraseñas o una copia impresa.',
  'backupCodes.listLabel': 'Códigos de respaldo',
  'backupCodes.copy': 'Copiar códigos',
  'backupCodes.copied': 'Copiados al portapapeles.',
  'backupCodes.copyFailed': 'Aquí no se puede copiar: seleccione los códigos y cópielos.',
  'backupCodes.saved': 'He guardado estos códigos de respaldo en un lugar seguro',
  'backupCodes.reminder': 'Guarde primero los códigos y después marque la casilla. No volverá a verlos.',

  'security.turnedOff':
    'La verificación en dos pasos está desactivada. Sus códigos de respaldo ya no sirven.',
  'security.newCodesReady': 'Sus nuevos códigos de respaldo están listos. Los anteriores ya no sirven.',
  'security.savedDone': 'Los he guardado: listo',
  'security.newCodesInUse': 'Sus nuevos códigos de respaldo están en uso.',
  'security.done': 'Hecho',
  'security.codesFailed': 'No pudimos crear nuevos códigos de respaldo',
  'security.turnOffFailed': 'No pudimos desactivar la verificación en dos pasos',
  'security.turnOffQuestion': '¿Desactivar la verificación en dos pasos?',
  'security.turnOffText':
    'Iniciar sesión solo pedirá entonces su contraseña, y sus códigos de respaldo dejarán de servir. Puede volver a configurarla cuando quiera.',
  'security.turnOffConfirm': 'Desactivar',
  'security.keepOn': 'Mantenerla activada',
  'security.creatingCodes': 'Creando códigos…',
  'security.createCodes': 'Crear nuevos códigos de respaldo',
  'security.newAuthenticator': 'Pasar a una nueva aplicación de autenticación',
  'security.turningOff': 'Desactivando…',
  'security.turnOff': 'Desactivar la verificación en dos pasos',
  'security.requiredStaysOn':
    'La verificación en dos pasos es obligatoria para su cuenta, así que sigue activada.',
  'security.continueSetup': 'Continuar la configuración',
  'security.setUp': 'Configurar la verificación en dos pasos',
  'security.status.on': 'Activada.',
  'security.status.onText':
    'Después de su contraseña, iniciar sesión pide un código de su aplicación de autenticación.',
  'security.lockedTitle': 'Los códigos están bloqueados por ahora',
  'security.lockedUntil':
    'Hubo demasiados códigos incorrectos, así que no se aceptan códigos hasta las {time}.',
  'security.lockedForAWhile':
    'Hubo demasiados códigos incorrectos, así que no se aceptan códigos durante un tiempo.',
  'security.noCodesLeft': 'No le quedan códigos de respaldo sin usar. Cree otros ahora.',
  'security.codesLeft': {
    one: 'Le queda {count} código de respaldo sin usar.',
    many: 'Le quedan {count} códigos de respaldo sin usar.',
    other: 'Le quedan {count} códigos de respaldo sin usar.',
  },
  'security.createSoon': 'Cree otros pronto.',
  'security.status.required': 'Obligatoria, aún sin configurar.',
  'security.status.requiredText':
    'Su cuenta debe usar la verificación en dos pasos: después de su contraseña, iniciar sesión pide un código de una aplicación de autenticación.',
  'security.status.off': 'Desactivada.',
  'security.status.pendingText': 'Se empezó una configuración, pero no se terminó.',
  'security.status.offText':
    'Actívela para que iniciar sesión pida, además de su contraseña, un código de una aplicación de su teléfono: así una contraseña robada no basta por sí sola.',

  'setup.signInFirst': 'Inicie sesión primero para configurar la verificación en dos pasos.',
  'setup.loadFailed': 'No pudimos cargar sus ajustes de verificación en dos pasos',
  'setup.isOn':
    'La verificación en dos pasos está activada. A partir de ahora, después de su contraseña introducirá un código de su aplicación de autenticación.',
  'setup.savedContinue': 'Los he guardado: continuar',
  'setup.mustUse': 'Su cuenta debe usar la verificación en dos pasos.',
  'setup.finishSigningIn': 'Configúrela ahora para terminar de iniciar sesión.',
  'setup.finishSigningInTo': 'Configúrela ahora para terminar de iniciar sesión en {client}.',
  'setup.toContinue': 'Configúrela ahora para continuar.',
  'setup.why':
    'Con la verificación en dos pasos, iniciar sesión pide su contraseña y un código de una aplicación de su teléfono, así que una contraseña robada no basta por sí sola.',
  'setup.needApp':
    'Necesita una aplicación de autenticación compatible con códigos basados en el tiempo (TOTP), por ejemplo la que incluye su gestor de contraseñas o cualquier aplicación de autenticación de la tienda de aplicaciones de su teléfono.',
  'setup.replacesTitle': 'Esto sustituye a su autenticador actual',
  'setup.replacesText':
    'La verificación en dos pasos ya está activada. Configurarla de nuevo la traslada a una nueva aplicación de autenticación: la anterior y sus códigos de respaldo anteriores dejarán de servir en cuanto se confirme la nueva. Primero se le pedirá un código actual.',
  'setup.startFailed': 'No se pudo empezar la configuración',
  'setup.waitingForCode': 'Esperando su código…',
  'setup.starting': 'Empezando…',
  'setup.start': 'Empezar la configuración',
  'setup.keyTitle': 'Añada su cuenta a la aplicación de autenticación',
  'setup.scan':
    'En la aplicación de autenticación de su teléfono, elija añadir una cuenta y escanee este código QR.',
  'setup.qrLabel': 'Código QR para su aplicación de autenticación',
  'setup.openOrType':
    'Si la aplicación está en este dispositivo, puede {link}. Si no puede escanear el código, elija en la aplicación introducir una clave de configuración y escriba la clave que aparece abajo.',
  'setup.openInApp': 'abrirla en la aplicación de autenticación',
  'setup.key': 'Clave de configuración',
  'setup.keyHint': 'Letras y números en grupos de cuatro; los espacios dan igual.',
  'setup.keyStandard':
    'Basada en el tiempo, 6 dígitos, cada 30 segundos: la configuración que la mayoría de las aplicaciones usa por sí sola.',
  'setup.keyCustom':
    'Elija en la aplicación: basada en el tiempo, {algorithm}, {digits} dígitos, cada {period} segundos.',
  'setup.copyKey': 'Copiar la clave de configuración',
  'setup.copyFailed': 'Aquí no se puede copiar: seleccione la clave y cópiela.',
  'setup.enterCode':
    'Introduzca el código que la aplicación muestra ahora para esta cuenta, para comprobar que todo funciona.',
  'setup.turnOn': 'Activar la verificación en dos pasos',
  'setup.codeHint':
    'El código de {digits} dígitos que la aplicación muestra ahora; aparece uno nuevo cada {period} segundos.',
  'setup.startAgain': 'Volver a empezar',

  'passkeys.title': 'Llaves de acceso',
  'passkeys.intro':
    'Inicie sesión con el bloqueo de pantalla de su dispositivo o una llave de seguridad en lugar de su contraseña.',
  'passkeys.ability.unlocks': 'Desbloquea sus claves de cifrado',
  'passkeys.ability.can_unlock_later':
    'Puede desbloquear sus claves de cifrado cuando estén configuradas para ello',
  'passkeys.ability.cannot_unlock': 'No puede desbloquear sus claves de cifrado',
  'passkeys.addedNoKeys':
    'Llave de acceso «{name}» añadida. Le permite iniciar sesión, pero este autenticador no puede desbloquear sus claves de cifrado.',
  'passkeys.added': 'Llave de acceso «{name}» añadida.',
  'passkeys.addedUnlocks':
    'Llave de acceso «{name}» añadida. Le permite iniciar sesión y desbloquea sus claves de cifrado.',
  'passkeys.nameMissing': 'Ponga un nombre a la llave de acceso, como el del dispositivo en el que está.',
  'passkeys.unlockPurpose':
    'Para que su nueva llave de acceso también desbloquee sus claves de cifrado, desbloquéelas una vez aquí.',
  'passkeys.unlockFormLabel': 'Dejar que la llave de acceso desbloquee sus claves',
  'passkeys.unlockSubmit': 'Dejar que esta llave de acceso desbloquee mis claves',
  'passkeys.notNow': 'Ahora no',
  'passkeys.nowUnlocks': 'La llave de acceso «{name}» ahora también desbloquea sus claves.',
  'passkeys.loadFailed': 'No pudimos cargar sus llaves de acceso',
  'passkeys.newName': 'Nombre de la nueva llave de acceso',
  'passkeys.newNameHint': 'Por ejemplo, el dispositivo o la llave de seguridad en la que está.',
  'passkeys.waiting': 'Esperando su llave de acceso…',
  'passkeys.add': 'Añadir una llave de acceso',
  'passkeys.lastSignIn':
    'Es su única forma de iniciar sesión: añada primero otra llave de acceso o una contraseña.',
  'passkeys.dates': 'añadida {added}, último uso {lastUsed}',
  'passkeys.cloneSuspected':
    'Esta llave de acceso se usó con un contador de firmas que retrocedió: puede que se haya copiado. Quítela si no lo reconoce.',
  'passkeys.renameLabel': 'Nombre nuevo',
  'passkeys.save': 'Guardar',
  'passkeys.rename': 'Cambiar nombre',
  'passkeys.removeNamed': 'Quitar «{name}»',

  'linked.title': 'Inicio de sesión con su organización',
  'linked.intro': 'Estos proveedores de identidad le permiten iniciar sesión en esta cuenta.',
  'linked.unlinked': '{name} está desvinculado: ya no le permite iniciar sesión en esta cuenta.',
  'linked.lastSignIn':
    '{name} es su única forma de iniciar sesión: establezca una contraseña o añada una llave de acceso antes de desvincularlo.',
  'linked.loadFailed': 'No pudimos cargar sus proveedores de identidad vinculados',
  'linked.dates': 'vinculado {linked}, último inicio de sesión {lastSignIn}',
  'linked.unlinkNamed': 'Desvincular {name}',
  'linked.unlink': 'Desvincular',

  'devices.title': 'Dispositivos de confianza',
  'devices.loading': 'Cargando sus dispositivos…',
  'devices.noKey': 'Su clave de cifrado se configura la primera vez que una aplicación la pide.',
  'devices.trusted': 'Este navegador es ahora un dispositivo de confianza.',
  'devices.approved': '{label} está aprobado. Ahora desbloquea su clave.',
  'devices.revoked': '{label} ya no puede desbloquear su clave.',
  'devices.none': 'Todavía ningún navegador desbloquea su clave por sí solo.',
  'devices.aBrowser': 'Un navegador',
  'devices.thisBrowser': '(este navegador)',
  'devices.dates': 'añadido {added} · último uso {lastUsed}',
  'devices.revoke': 'Revocar {label}',
  'devices.device': 'el dispositivo',
  'devices.trustThis': 'Confiar en este navegador',
  'devices.waitingTitle': 'Dispositivos que esperan aprobación',
  'devices.waitingText': 'Apruebe un dispositivo solo si muestra exactamente este código y esta huella.',
  'devices.codeAndFingerprint': 'código {code} · huella {fingerprint}',
  'devices.approve': 'Aprobar',
  'devices.trustNeedsKey': 'Para confiar en este navegador, su clave debe estar desbloqueada aquí.',
  'devices.approveNeedsKey': 'Para aprobar {label}, su clave debe estar desbloqueada aquí.',

  'approval.title': 'Desbloquear con otro dispositivo',
  'approval.instructions':
    'En un dispositivo donde su clave esté desbloqueada, abra la página de su cuenta y apruebe este dispositivo en «{section}». Compruebe que muestra el mismo código y la misma huella.',
  'approval.code': 'Código: {code}',
  'approval.fingerprint': 'Huella: {fingerprint}',
  'approval.waiting': 'Esperando la aprobación…',
  'approval.failed': 'Este dispositivo no se aprobó',
  'approval.offer': 'Si su clave está desbloqueada en otro dispositivo, puede aprobar este desde allí.',
  'approval.tryAgain': 'Intentarlo de nuevo',
  'approval.start': 'Aprobar desde otro dispositivo',

  'recoveryKey.notGroup': 'Este no es el grupo {group} de su clave de recuperación.',
  'recoveryKey.saveTitle': 'Guarde su clave de recuperación',
  'recoveryKey.saveText':
    'Si olvida su contraseña, esta clave de recuperación es la única forma de recuperar su clave. Solo se muestra una vez: guárdela en un lugar seguro, como un gestor de contraseñas o en papel.',
  'recoveryKey.copy': 'Copiar',
  'recoveryKey.download': 'Descargar',
  'recoveryKey.copied': 'Copiada.',
  'recoveryKey.copyFailed': 'Aquí no se pudo copiar; seleccione la clave y cópiela.',
  'recoveryKey.groupLabel': 'Grupo {group} de su clave de recuperación',
  'recoveryKey.groupHint':
    'Para confirmar que la guardó, escriba el grupo {group} (de 11), de cinco caracteres, después de {prefix}.',
  'recoveryKey.savedContinue': 'La he guardado, continuar',

  'unlock.way.password': 'su contraseña',
  'unlock.way.passkey': 'su llave de acceso',
  'unlock.way.recoveryKey': 'su clave de recuperación',
  'unlock.passkeyDidNotUnlock':
    'Esa llave de acceso no desbloqueó su clave. Use una llave de acceso que desbloquee su clave, u otra forma de las que hay aquí.',
  'unlock.recoveryKeyWrong': 'Esta clave de recuperación no abre su clave. Compruebe que es la más reciente.',
  'unlock.withWays': 'Desbloquéela en esta página con {ways}.',
  'unlock.noWay':
    'Nada de lo que puede usar en esta página abre su clave: desbloquéela la próxima vez que inicie sesión en una aplicación, o apruebe este navegador desde uno de sus dispositivos de confianza.',
  'unlock.unlock': 'Desbloquear',
  'unlock.passwordWrong': 'Esta contraseña no abre su clave.',
  'unlock.unlocking': 'Desbloqueando…',
  'unlock.withPasskey': 'Desbloquear con llave de acceso',
  'unlock.recoveryKeyLabel': 'Su clave de recuperación',
  'unlock.recoveryKeyHint': 'Empieza por {prefix} y tiene 11 grupos de cinco caracteres.',
  'unlock.withRecoveryKey': 'Desbloquear con la clave de recuperación',
  'unlock.passwordNotCorrect': 'Esta contraseña no es correcta.',
  'unlock.yourPassword': 'Su contraseña',

  'zk.checking': 'Comprobando su clave de cifrado…',
  'zk.loadFailed': 'No pudimos cargar su clave de cifrado',
  'zk.askAdmin': 'Pida ayuda a su administrador.',
  'zk.back': 'Volver',
  'zk.rewrap.title': 'Su clave está desbloqueada',
  'zk.rewrap.text':
    'Introduzca su contraseña actual para que vuelva a abrir su clave la próxima vez. Si no, necesitará otra vez su clave de recuperación.',
  'zk.rewrap.submit': 'Usar mi contraseña la próxima vez',
  'zk.rewrap.skip': 'Omitir',
  'zk.locked.passkeyDidNotUnlock':
    'Esa llave de acceso no desbloqueó su clave. Use la llave de acceso con la que protegió su clave, u otra forma de las de abajo.',
  'zk.locked.title': 'Desbloquee su clave de cifrado',
  'zk.locked.intro':
    '{client} cifra sus datos con una clave que solo usted puede desbloquear. El servicio de inicio de sesión no puede leerla.',
  'zk.locked.orgNoPasswordTitle': 'Su organización no permite su contraseña aquí',
  'zk.locked.orgNoPasswordText':
    'La política de su organización no permite desbloquear su clave con su contraseña para {client}. Use otra forma de las de abajo.',
  'zk.locked.staleTitle': 'Su contraseña ya no abre su clave',
  'zk.locked.staleText':
    'Su contraseña se restableció o cambió desde la última vez que se configuró su clave, así que no puede abrirla. Use su clave de recuperación.',
  'zk.locked.passwordWrongTitle': 'Su contraseña no abre su clave',
  'zk.locked.withPassword': 'Desbloquear con contraseña',
  'zk.locked.useRecoveryKey': 'Use su clave de recuperación en su lugar.',
  'zk.locked.noWayTitle': 'Aquí no hay forma de desbloquear su clave',
  'zk.locked.lostRecoveryKey': '¿Perdió su clave de recuperación? {button}',
  'zk.newKey.title': 'Configurar una clave nueva',
  'zk.newKey.lossTitle': 'Se perderán los datos cifrados con su clave anterior',
  'zk.newKey.lossText':
    'Una clave nueva sustituye a la anterior en todas las aplicaciones. {client} y sus demás aplicaciones ya no podrán abrir nada de lo que cifraron con su clave anterior, y nadie, ni siquiera el servicio de inicio de sesión, puede recuperarlo. Hágalo solo si no puede desbloquear su clave anterior.',
  'zk.newKey.understand': 'Entiendo que los datos cifrados con mi clave anterior no se pueden recuperar',
  'zk.newKey.confirmFirst': 'Confirme primero que lo entiende.',
  'zk.setup.title': 'Configure su clave de cifrado',
  'zk.setup.enterPassword':
    '{client} cifra sus datos con una clave que solo usted puede desbloquear. Introduzca su contraseña: protegerá su clave.',
  'zk.setup.failed': 'No pudimos configurar su clave',
  'zk.setup.newKeyReady': 'Su clave nueva está lista para configurarse. {client} recibirá una clave nueva.',
  'zk.setup.passwordProtects':
    '{client} cifra sus datos con una clave que solo usted puede desbloquear; su contraseña la protege. El servicio de inicio de sesión no puede leerla.',
  'zk.setup.recoveryProtects':
    '{client} cifra sus datos con una clave que solo usted puede desbloquear; esta clave de recuperación la protege. El servicio de inicio de sesión no puede leerla.',
  'zk.setup.recoveryProtectsNoPassword':
    '{client} cifra sus datos con una clave que solo usted puede desbloquear; esta clave de recuperación la protege (su organización no permite protegerla con su contraseña). El servicio de inicio de sesión no puede leerla.',
  'zk.setup.passkeyName': 'Llave de acceso del {date}',
  'zk.setup.passkeyNoPrfOrRecovery':
    'Esta llave de acceso se añadió para iniciar sesión, pero no puede proteger claves. Use una clave de recuperación en su lugar, o pruebe otra llave de acceso.',
  'zk.setup.passkeyNoPrf':
    'Esta llave de acceso se añadió para iniciar sesión, pero no puede proteger claves. Pruebe otra llave de acceso.',
  'zk.setup.passkeyAndRecovery':
    'Su llave de acceso «{name}» protege su clave. Esta clave de recuperación también la abre, si pierde la llave de acceso.',
  'zk.setup.passkeyOnly':
    'Su llave de acceso «{name}» protege su clave. Su organización no permite claves de recuperación, así que si pierde esta llave de acceso, los datos protegidos por esta clave no se podrán recuperar.',
  'zk.setup.settingUp': 'Configurando…',
  'zk.setup.submit': 'Configurar mi clave',
  'zk.setup.choose':
    '{client} cifra sus datos con una clave que solo usted puede desbloquear. Su cuenta no tiene contraseña, así que elija qué protege su clave: una llave de acceso en este dispositivo o una clave de recuperación que guarde en un lugar seguro.',
  'zk.setup.passkeyCannotTitle': 'La llave de acceso no puede proteger su clave',
  'zk.setup.withPasskey': 'Protegerla con una llave de acceso',
  'zk.setup.withRecoveryKey': 'Usar una clave de recuperación',
  'zk.setup.passwordOnly':
    '{client} cifra sus datos con una clave que solo usted puede desbloquear; su contraseña la protege. Su organización no permite claves de recuperación, así que si olvida su contraseña, los datos protegidos por esta clave no se podrán recuperar.',
  'zk.notPossible.newKeyTitle': 'Aquí no se puede configurar una clave nueva',
  'zk.notPossible.title': 'Aquí no se puede configurar su clave de cifrado',
  'zk.notPossible.withPassword':
    'La política de su organización no permite proteger su clave de cifrado ni con su contraseña ni con una clave de recuperación, y una clave solo se puede configurar con una de ellas. Las llaves de acceso y los dispositivos de confianza solo se pueden añadir a una clave que ya existe.',
  'zk.notPossible.withoutPassword':
    'Su cuenta no tiene contraseña, y la política de su organización no permite proteger su clave de cifrado ni con una llave de acceso ni con una clave de recuperación.',
  'zk.passkeyCannot.title': 'Su llave de acceso no puede desbloquear sus claves',
  'zk.passkeyCannot.text':
    'La llave de acceso con la que inició sesión no puede desbloquear aquí sus claves de cifrado. Use esta vez su contraseña o su clave de recuperación.',
  'recoveryKey.label': 'Clave de recuperación del {date}',
  'devices.browserOnSystem': '{browser} en {system}',
};
