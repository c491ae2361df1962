import type { UiLocale } from '../config/ui-locales.js';

/**
 * The words of the server-rendered pages of the public port (html-page.ts), in the hosted UI's languages
 * (docs/languages.md): the authorization endpoint's error page, which may not redirect (RFC 6749 §4.1.2.1), says
 * why in the request's language, and the sign-out page that stays because the app named an unregistered address.
 */

/** Why the authorization endpoint shows a page instead of redirecting. */
export type AuthorizeErrorReason =
  /** client_id is missing or names no registered application. */
  | 'unknown_client'
  /** The application may not use the authorization code flow. */
  | 'flow_not_allowed'
  /** redirect_uri is missing or not registered for the application, exactly. */
  | 'redirect_uri'
  /** A pushed request (request_uri) that is unknown, expired or already used (RFC 9126 §4). */
  | 'expired_request'
  /** Anything else wrong with the request before its redirect URI is trusted. */
  | 'invalid_request';

export interface PageText {
  title: string;
  text: string;
}

export interface PageMessages {
  authorize: Record<AuthorizeErrorReason, PageText>;
  /** "Details: {code}: {description}" (the description is the protocol's, in English, for support). */
  details: string;
  signedOut: PageText;
}

export const PAGE_MESSAGES: Record<UiLocale, PageMessages> = {
  en: {
    authorize: {
      unknown_client: {
        title: 'This app is not known here',
        text: 'The application that sent you here is not registered with {product}, so you cannot sign in from this link. Go back to the application and try again, or tell the people who run it.',
      },
      flow_not_allowed: {
        title: 'This app may not sign you in this way',
        text: 'The application that sent you here is not allowed to use this kind of sign-in with {product}. Tell the people who run it.',
      },
      redirect_uri: {
        title: 'This sign-in link is not valid',
        text: 'The application asked to send you back to an address it has not registered with {product}. To protect you, the sign-in stops here. Tell the people who run the application.',
      },
      expired_request: {
        title: 'This sign-in request has expired',
        text: 'The sign-in request was already used, has expired, or is incomplete. Go back to the application and start signing in again.',
      },
      invalid_request: {
        title: 'This sign-in link is not valid',
        text: 'The application that sent you here is not set up correctly, so you cannot sign in from this link.',
      },
    },
    details: 'Details: {details}',
    signedOut: {
      title: 'Signed out',
      text: 'You are signed out. The application asked to send you to an address it has not registered, so you stay here.',
    },
  },
  de: {
    authorize: {
      unknown_client: {
        title: 'Diese App ist hier nicht bekannt',
        text: 'Die Anwendung, die Sie hierher geschickt hat, ist bei {product} nicht registriert, daher können Sie sich über diesen Link nicht anmelden. Kehren Sie zur Anwendung zurück und versuchen Sie es erneut, oder informieren Sie deren Betreiber.',
      },
      flow_not_allowed: {
        title: 'Diese App darf Sie nicht auf diese Weise anmelden',
        text: 'Die Anwendung, die Sie hierher geschickt hat, darf diese Art der Anmeldung bei {product} nicht verwenden. Informieren Sie deren Betreiber.',
      },
      redirect_uri: {
        title: 'Dieser Anmeldelink ist ungültig',
        text: 'Die Anwendung wollte Sie an eine Adresse zurückschicken, die sie bei {product} nicht registriert hat. Zu Ihrem Schutz endet die Anmeldung hier. Informieren Sie die Betreiber der Anwendung.',
      },
      expired_request: {
        title: 'Diese Anmeldeanfrage ist abgelaufen',
        text: 'Die Anmeldeanfrage wurde bereits verwendet, ist abgelaufen oder unvollständig. Kehren Sie zur Anwendung zurück und beginnen Sie die Anmeldung erneut.',
      },
      invalid_request: {
        title: 'Dieser Anmeldelink ist ungültig',
        text: 'Die Anwendung, die Sie hierher geschickt hat, ist nicht richtig eingerichtet, daher können Sie sich über diesen Link nicht anmelden.',
      },
    },
    details: 'Details: {details}',
    signedOut: {
      title: 'Abgemeldet',
      text: 'Sie sind abgemeldet. Die Anwendung wollte Sie an eine Adresse schicken, die sie nicht registriert hat, daher bleiben Sie hier.',
    },
  },
  fr: {
    authorize: {
      unknown_client: {
        title: 'Cette application n’est pas connue ici',
        text: 'L’application qui vous a envoyé ici n’est pas enregistrée auprès de {product} : vous ne pouvez donc pas vous connecter depuis ce lien. Revenez à l’application et réessayez, ou prévenez ses responsables.',
      },
      flow_not_allowed: {
        title: 'Cette application ne peut pas vous connecter de cette façon',
        text: 'L’application qui vous a envoyé ici n’est pas autorisée à utiliser ce type de connexion avec {product}. Prévenez ses responsables.',
      },
      redirect_uri: {
        title: 'Ce lien de connexion n’est pas valide',
        text: 'L’application a demandé à vous renvoyer vers une adresse qu’elle n’a pas enregistrée auprès de {product}. Pour vous protéger, la connexion s’arrête ici. Prévenez les responsables de l’application.',
      },
      expired_request: {
        title: 'Cette demande de connexion a expiré',
        text: 'La demande de connexion a déjà été utilisée, a expiré ou est incomplète. Revenez à l’application et recommencez la connexion.',
      },
      invalid_request: {
        title: 'Ce lien de connexion n’est pas valide',
        text: 'L’application qui vous a envoyé ici n’est pas configurée correctement : vous ne pouvez donc pas vous connecter depuis ce lien.',
      },
    },
    details: 'Détails : {details}',
    signedOut: {
      title: 'Déconnecté',
      text: 'Vous êtes déconnecté. L’application a demandé à vous envoyer vers une adresse qu’elle n’a pas enregistrée : vous restez donc ici.',
    },
  },
  es: {
    authorize: {
      unknown_client: {
        title: 'Esta aplicación no es conocida aquí',
        text: 'La aplicación que le trajo aquí no está registrada en {product}, así que no puede iniciar sesión desde este enlace. Vuelva a la aplicación e inténtelo de nuevo, o avise a sus responsables.',
      },
      flow_not_allowed: {
        title: 'Esta aplicación no puede iniciar su sesión de esta forma',
        text: 'La aplicación que le trajo aquí no tiene permiso para usar este tipo de inicio de sesión con {product}. Avise a sus responsables.',
      },
      redirect_uri: {
        title: 'Este enlace de inicio de sesión no es válido',
        text: 'La aplicación pidió devolverle a una dirección que no ha registrado en {product}. Para protegerle, el inicio de sesión se detiene aquí. Avise a los responsables de la aplicación.',
      },
      expired_request: {
        title: 'Esta solicitud de inicio de sesión ha caducado',
        text: 'La solicitud de inicio de sesión ya se usó, ha caducado o está incompleta. Vuelva a la aplicación y empiece a iniciar sesión de nuevo.',
      },
      invalid_request: {
        title: 'Este enlace de inicio de sesión no es válido',
        text: 'La aplicación que le trajo aquí no está bien configurada, así que no puede iniciar sesión desde este enlace.',
      },
    },
    details: 'Detalles: {details}',
    signedOut: {
      title: 'Sesión cerrada',
      text: 'Ha cerrado la sesión. La aplicación pidió enviarle a una dirección que no ha registrado, así que se queda aquí.',
    },
  },
  ja: {
    authorize: {
      unknown_client: {
        title: 'このアプリはここでは登録されていません',
        text: 'ここに移動してきたアプリは {product} に登録されていないため、このリンクからはサインインできません。アプリに戻ってもう一度お試しいただくか、アプリの運営者にお知らせください。',
      },
      flow_not_allowed: {
        title: 'このアプリはこの方法でサインインできません',
        text: 'ここに移動してきたアプリは、{product} でこの種類のサインインを使うことを許可されていません。アプリの運営者にお知らせください。',
      },
      redirect_uri: {
        title: 'このサインインリンクは無効です',
        text: 'アプリが、{product} に登録していないアドレスへの移動を求めました。安全のため、サインインはここで中止されます。アプリの運営者にお知らせください。',
      },
      expired_request: {
        title: 'このサインインリクエストは期限切れです',
        text: 'このサインインリクエストは使用済みか、期限切れか、不完全です。アプリに戻って、もう一度サインインを始めてください。',
      },
      invalid_request: {
        title: 'このサインインリンクは無効です',
        text: 'ここに移動してきたアプリが正しく設定されていないため、このリンクからはサインインできません。',
      },
    },
    details: '詳細: {details}',
    signedOut: {
      title: 'サインアウトしました',
      text: 'サインアウトしました。アプリが登録していないアドレスへの移動を求めたため、このページに留まります。',
    },
  },
  ar: {
    authorize: {
      unknown_client: {
        title: 'هذا التطبيق غير معروف هنا',
        text: 'التطبيق الذي أرسلك إلى هنا غير مسجّل لدى {product}، لذا لا يمكنك تسجيل الدخول من هذا الرابط. ارجع إلى التطبيق وحاول مرة أخرى، أو أبلغ القائمين عليه.',
      },
      flow_not_allowed: {
        title: 'لا يمكن لهذا التطبيق تسجيل دخولك بهذه الطريقة',
        text: 'التطبيق الذي أرسلك إلى هنا غير مسموح له باستخدام هذا النوع من تسجيل الدخول مع {product}. أبلغ القائمين عليه.',
      },
      redirect_uri: {
        title: 'رابط تسجيل الدخول هذا غير صالح',
        text: 'طلب التطبيق إعادتك إلى عنوان لم يسجّله لدى {product}. حمايةً لك، يتوقف تسجيل الدخول هنا. أبلغ القائمين على التطبيق.',
      },
      expired_request: {
        title: 'انتهت صلاحية طلب تسجيل الدخول هذا',
        text: 'طلب تسجيل الدخول استُخدم من قبل، أو انتهت صلاحيته، أو أنه غير مكتمل. ارجع إلى التطبيق وابدأ تسجيل الدخول من جديد.',
      },
      invalid_request: {
        title: 'رابط تسجيل الدخول هذا غير صالح',
        text: 'التطبيق الذي أرسلك إلى هنا غير مُعدّ بشكل صحيح، لذا لا يمكنك تسجيل الدخول من هذا الرابط.',
      },
    },
    details: 'التفاصيل: {details}',
    signedOut: {
      title: 'تم تسجيل الخروج',
      text: 'تم تسجيل خروجك. طلب التطبيق إرسالك إلى عنوان لم يسجّله، لذا تبقى هنا.',
    },
  },
};

/** Fills `{name}` placeholders (the page escapes the result). */
export function fillPageText(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name]! : whole,
  );
}
