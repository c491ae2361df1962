import { isUiLocale, type UiLocale } from '../config/ui-locales.js';
import { DEFAULT_TEMPLATES, type TemplateContent, type TemplateName } from './templates.js';

/** The built-in text of a template in a language (English for a language we do not have, or none). */
export function builtInContent(name: TemplateName, locale: string | null | undefined): TemplateContent {
  if (!isUiLocale(locale) || locale === 'en') return DEFAULT_TEMPLATES[name].content;
  return TRANSLATED_TEMPLATES[locale][name];
}

/**
 * The built-in templates in the hosted UI's other languages (English is in templates.ts): the same variables,
 * each used as in English (translations.test.ts checks). docs/languages.md#emails.
 */
export const TRANSLATED_TEMPLATES: Record<Exclude<UiLocale, 'en'>, Record<TemplateName, TemplateContent>> = {
  de: {
    verification: {
      subject: 'Bestätigen Sie Ihre E-Mail-Adresse für {{product}}',
      paragraphs: [
        'Bestätigen Sie, dass {{email}} Ihre Adresse ist, um die Einrichtung Ihres {{product}}-Kontos abzuschließen.',
        'Der Link funktioniert einmal und läuft nach 24 Stunden ab.',
      ],
      action_label: 'Meine E-Mail-Adresse bestätigen',
    },
    password_reset: {
      subject: 'Setzen Sie Ihr {{product}}-Passwort zurück',
      paragraphs: [
        'Jemand hat darum gebeten, das Passwort des {{product}}-Kontos für {{email}} zurückzusetzen.',
        'Wenn Sie das waren, wählen Sie über den folgenden Link ein neues Passwort. Er funktioniert einmal und läuft nach 1 Stunde ab.',
        'Wenn Sie das nicht waren, ignorieren Sie diese Nachricht; Ihr Passwort bleibt unverändert.',
      ],
      action_label: 'Neues Passwort wählen',
    },
    email_change: {
      subject: 'Bestätigen Sie Ihre neue E-Mail-Adresse für {{product}}',
      paragraphs: [
        'Bestätigen Sie, dass {{email}} die Adresse Ihres {{product}}-Kontos werden soll.',
        'Der Link funktioniert einmal und läuft nach 24 Stunden ab.',
      ],
      action_label: 'Neue Adresse bestätigen',
    },
    existing_account: {
      subject: 'Jemand wollte mit Ihrer Adresse ein {{product}}-Konto erstellen',
      paragraphs: [
        'Jemand wollte ein neues {{product}}-Konto für {{email}} erstellen, aber Sie haben bereits eines.',
        'Wenn Sie das waren, melden Sie sich stattdessen an, oder setzen Sie Ihr Passwort zurück, falls Sie es vergessen haben. Andernfalls können Sie diese Nachricht ignorieren.',
      ],
      action_label: 'Anmelden',
    },
    organization_invite: {
      subject: 'Einladung zur Organisation {{organization}} bei {{product}}',
      paragraphs: [
        '{{inviter}} hat {{email}} eingeladen, der Organisation {{organization}} bei {{product}} beizutreten.',
        'Melden Sie sich mit dieser Adresse an (oder erstellen Sie damit ein Konto), um die Einladung anzunehmen oder abzulehnen. Der Link funktioniert einmal und läuft am {{expires}} ab.',
        'Wenn Sie diese Einladung nicht erwartet haben, können Sie diese Nachricht ignorieren.',
      ],
      action_label: 'Einladung ansehen',
    },
  },
  fr: {
    verification: {
      subject: 'Confirmez votre adresse e-mail pour {{product}}',
      paragraphs: [
        'Confirmez que {{email}} est bien votre adresse pour terminer la création de votre compte {{product}}.',
        'Le lien ne fonctionne qu’une fois et expire au bout de 24 heures.',
      ],
      action_label: 'Confirmer mon adresse e-mail',
    },
    password_reset: {
      subject: 'Réinitialisez votre mot de passe {{product}}',
      paragraphs: [
        'Quelqu’un a demandé à réinitialiser le mot de passe du compte {{product}} associé à {{email}}.',
        'Si c’était vous, choisissez un nouveau mot de passe avec le lien ci-dessous. Il ne fonctionne qu’une fois et expire au bout d’une heure.',
        'Si ce n’était pas vous, ignorez ce message ; votre mot de passe reste inchangé.',
      ],
      action_label: 'Choisir un nouveau mot de passe',
    },
    email_change: {
      subject: 'Confirmez votre nouvelle adresse e-mail pour {{product}}',
      paragraphs: [
        'Confirmez que {{email}} doit devenir l’adresse de votre compte {{product}}.',
        'Le lien ne fonctionne qu’une fois et expire au bout de 24 heures.',
      ],
      action_label: 'Confirmer la nouvelle adresse',
    },
    existing_account: {
      subject: 'Quelqu’un a essayé de créer un compte {{product}} avec votre adresse',
      paragraphs: [
        'Quelqu’un a essayé de créer un nouveau compte {{product}} pour {{email}}, mais vous en avez déjà un.',
        'Si c’était vous, connectez-vous plutôt, ou réinitialisez votre mot de passe si vous l’avez oublié. Sinon, vous pouvez ignorer ce message.',
      ],
      action_label: 'Se connecter',
    },
    organization_invite: {
      subject: 'Vous êtes invité à rejoindre {{organization}} sur {{product}}',
      paragraphs: [
        '{{inviter}} a invité {{email}} à rejoindre l’organisation {{organization}} sur {{product}}.',
        'Connectez-vous avec cette adresse (ou créez un compte avec elle) pour accepter ou refuser. Le lien ne fonctionne qu’une fois et expire le {{expires}}.',
        'Si vous ne vous attendiez pas à cette invitation, vous pouvez ignorer ce message.',
      ],
      action_label: 'Voir l’invitation',
    },
  },
  es: {
    verification: {
      subject: 'Confirme su dirección de correo para {{product}}',
      paragraphs: [
        'Confirme que {{email}} es su dirección para terminar de crear su cuenta de {{product}}.',
        'El enlace funciona una sola vez y caduca en 24 horas.',
      ],
      action_label: 'Confirmar mi dirección de correo',
    },
    password_reset: {
      subject: 'Restablezca su contraseña de {{product}}',
      paragraphs: [
        'Alguien pidió restablecer la contraseña de la cuenta de {{product}} de {{email}}.',
        'Si fue usted, elija una contraseña nueva con el enlace de abajo. Funciona una sola vez y caduca en 1 hora.',
        'Si no fue usted, ignore este mensaje; su contraseña no cambia.',
      ],
      action_label: 'Elegir una contraseña nueva',
    },
    email_change: {
      subject: 'Confirme su nueva dirección de correo para {{product}}',
      paragraphs: [
        'Confirme que {{email}} debe ser la dirección de su cuenta de {{product}}.',
        'El enlace funciona una sola vez y caduca en 24 horas.',
      ],
      action_label: 'Confirmar la nueva dirección',
    },
    existing_account: {
      subject: 'Alguien intentó crear una cuenta de {{product}} con su dirección',
      paragraphs: [
        'Alguien intentó crear una cuenta nueva de {{product}} para {{email}}, pero usted ya tiene una.',
        'Si fue usted, inicie sesión en su lugar, o restablezca su contraseña si la ha olvidado. Si no, puede ignorar este mensaje.',
      ],
      action_label: 'Iniciar sesión',
    },
    organization_invite: {
      subject: 'Le invitan a unirse a {{organization}} en {{product}}',
      paragraphs: [
        '{{inviter}} invitó a {{email}} a unirse a la organización {{organization}} en {{product}}.',
        'Inicie sesión con esta dirección (o cree una cuenta con ella) para aceptar o rechazar. El enlace funciona una sola vez y caduca el {{expires}}.',
        'Si no esperaba esta invitación, puede ignorar este mensaje.',
      ],
      action_label: 'Ver la invitación',
    },
  },
  ja: {
    verification: {
      subject: '{{product}} のメールアドレスを確認してください',
      paragraphs: [
        '{{email}} があなたのアドレスであることを確認して、{{product}} アカウントの作成を完了してください。',
        'リンクは 1 回だけ使用でき、24 時間で期限切れになります。',
      ],
      action_label: 'メールアドレスを確認する',
    },
    password_reset: {
      subject: '{{product}} のパスワードの再設定',
      paragraphs: [
        '{{email}} の {{product}} アカウントについて、パスワードの再設定が依頼されました。',
        'ご本人による依頼の場合は、下のリンクから新しいパスワードを設定してください。リンクは 1 回だけ使用でき、1 時間で期限切れになります。',
        'お心当たりがない場合は、このメールを無視してください。パスワードは変更されません。',
      ],
      action_label: '新しいパスワードを設定する',
    },
    email_change: {
      subject: '{{product}} の新しいメールアドレスを確認してください',
      paragraphs: [
        '{{email}} を {{product}} アカウントの新しいアドレスにすることを確認してください。',
        'リンクは 1 回だけ使用でき、24 時間で期限切れになります。',
      ],
      action_label: '新しいアドレスを確認する',
    },
    existing_account: {
      subject: 'あなたのアドレスで {{product}} アカウントの作成が試みられました',
      paragraphs: [
        '{{email}} で新しい {{product}} アカウントの作成が試みられましたが、このアドレスのアカウントはすでにあります。',
        'ご本人の場合は、サインインするか、パスワードをお忘れの場合は再設定してください。お心当たりがない場合は、このメールを無視してください。',
      ],
      action_label: 'サインイン',
    },
    organization_invite: {
      subject: '{{product}} の {{organization}} への招待',
      paragraphs: [
        '{{inviter}} が {{email}} を {{product}} の組織 {{organization}} に招待しました。',
        '承諾または辞退するには、このアドレスでサインイン（またはアカウントを作成）してください。リンクは 1 回だけ使用でき、{{expires}} に期限切れになります。',
        'お心当たりがない場合は、このメールを無視してください。',
      ],
      action_label: '招待を表示する',
    },
  },
  ar: {
    verification: {
      subject: 'أكّد عنوان بريدك الإلكتروني لـ {{product}}',
      paragraphs: [
        'أكّد أن {{email}} هو عنوانك لإكمال إنشاء حسابك في {{product}}.',
        'يعمل الرابط مرة واحدة وتنتهي صلاحيته خلال 24 ساعة.',
      ],
      action_label: 'تأكيد عنوان بريدي الإلكتروني',
    },
    password_reset: {
      subject: 'إعادة تعيين كلمة مرور {{product}}',
      paragraphs: [
        'طلب أحدهم إعادة تعيين كلمة مرور حساب {{product}} الخاص بـ {{email}}.',
        'إذا كنت أنت، فاختر كلمة مرور جديدة من الرابط أدناه. يعمل الرابط مرة واحدة وتنتهي صلاحيته خلال ساعة.',
        'إذا لم تكن أنت، فتجاهل هذه الرسالة؛ ستبقى كلمة مرورك كما هي.',
      ],
      action_label: 'اختيار كلمة مرور جديدة',
    },
    email_change: {
      subject: 'أكّد عنوان بريدك الإلكتروني الجديد لـ {{product}}',
      paragraphs: [
        'أكّد أن {{email}} سيصبح عنوان حسابك في {{product}}.',
        'يعمل الرابط مرة واحدة وتنتهي صلاحيته خلال 24 ساعة.',
      ],
      action_label: 'تأكيد العنوان الجديد',
    },
    existing_account: {
      subject: 'حاول أحدهم إنشاء حساب في {{product}} بعنوانك',
      paragraphs: [
        'حاول أحدهم إنشاء حساب جديد في {{product}} لـ {{email}}، لكن لديك حسابًا بالفعل.',
        'إذا كنت أنت، فسجّل الدخول بدلًا من ذلك، أو أعد تعيين كلمة المرور إذا نسيتها. وإلا فيمكنك تجاهل هذه الرسالة.',
      ],
      action_label: 'تسجيل الدخول',
    },
    organization_invite: {
      subject: 'دعوة للانضمام إلى {{organization}} في {{product}}',
      paragraphs: [
        'دعا {{inviter}} العنوان {{email}} للانضمام إلى المؤسسة {{organization}} في {{product}}.',
        'سجّل الدخول بهذا العنوان (أو أنشئ حسابًا به) لقبول الدعوة أو رفضها. يعمل الرابط مرة واحدة وتنتهي صلاحيته في {{expires}}.',
        'إذا لم تكن تتوقع هذه الدعوة، فيمكنك تجاهل هذه الرسالة.',
      ],
      action_label: 'عرض الدعوة',
    },
  },
};
