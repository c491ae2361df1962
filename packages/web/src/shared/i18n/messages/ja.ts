import type { Message } from '../format';
import { jaAccount } from './account-ja';
import type { en } from './en';

/** Japanese (です・ます調). */
export const ja: Record<keyof typeof en, Message> = {
  'common.siteName': 'Tessera',
  'common.loading': '読み込んでいます…',
  'common.show': '表示',
  'common.hide': '非表示',
  'common.continue': '続ける',
  'common.signIn': 'サインイン',
  'common.sending': '送信しています…',
  'common.checking': '確認しています…',
  'common.emailAddress': 'メールアドレス',
  'common.password': 'パスワード',
  'common.backToSignIn': 'サインインに戻る',
  'common.goToSignIn': 'サインインへ',
  'common.checkYourEmail': 'メールをご確認ください',
  'common.signedInAs': '{name} としてサインイン中',
  'common.nameAndEmail': '{name}（{email}）',
  'language.label': '言語',

  'validation.emailEmpty': 'メールアドレスを入力してください。',
  'validation.emailInvalid': 'name@example.com のような形式でメールアドレスを入力してください。',
  'validation.passwordEmpty': 'パスワードを入力してください。',
  'validation.nameTooLong': '{max} 文字以内で入力してください。',
  'validation.newPasswordEmpty': 'パスワードを設定してください。',
  'validation.newPasswordTooShort':
    '{min} 文字以上にしてください。関連のない単語をいくつか組み合わせると強いパスワードになります。',
  'validation.newPasswordTooLong': '{max} 文字以内にしてください。',
  'validation.newPasswordHint':
    '{min} 文字以上。関連のない単語をいくつか組み合わせると、覚えやすく推測されにくいパスワードになります。',
  'validation.samePassword': '現在のパスワードとは異なるパスワードを設定してください。',

  'error.network_error': 'サーバーに接続できませんでした。接続を確認して、もう一度お試しください。',
  'error.invalid_credentials': 'メールアドレスまたはパスワードが正しくありません。',
  'error.email_not_verified': '先にメールアドレスを確認してください。お送りしたリンクをご利用ください。',
  'error.registration_closed':
    'このサービスでは管理者がアカウントを作成するため、ご自身でアカウントを作成することはできません。',
  'error.email_not_configured':
    '現在このサービスはメールを送信できないため、この手順は実行できません。管理者にお問い合わせください。',
  'error.email_taken': 'このメールアドレスのアカウントはすでに存在します。サインインしてください。',
  'error.email_domain_federated':
    'このドメインのアドレスは、所属組織を通じてサインインします。サインインページで「組織でサインイン」を選択してください。',
  'error.invalid_token': 'このリンクは無効です。使用済み、期限切れ、または不完全です。',
  'error.request_not_found':
    'このサインイン要求は不明、完了済み、または期限切れです。アプリに戻って最初からやり直してください。',
  'error.request_already_used':
    'このサインイン要求はすでに完了しています。アプリに戻って最初からやり直してください。',
  'error.request_browser_mismatch':
    'このサインイン要求は別のブラウザーで開始されました。このブラウザーでアプリに戻り、最初からやり直してください。',
  'error.login_required': '続けるには、もう一度サインインしてください。',
  'error.not_signed_in': 'サインインの有効期限が切れました。サインインしてもう一度お試しください。',
  'error.second_factor_required': '先に認証アプリのコードでサインインを完了してください。',
  'error.step_up_required': '先に認証アプリの現在のコードで本人確認を行ってください。',
  'error.csrf_failed':
    '別のタブでセッションが変更されました。ページを再読み込みして、もう一度お試しください。',
  'error.rate_limited': '試行回数が多すぎます。しばらく待ってから、もう一度お試しください。',
  'error.invalid_user_code':
    'このコードは無効か、有効期限が切れています。デバイスに表示されたコードを確認して、もう一度お試しください。',
  'error.not_found': 'この機能は、このサーバーではまだご利用いただけません。',
  'error.device_approval_not_found':
    'この承認要求はすでに受け付けていません。期限切れか使用済みです。新しいデバイスで最初からやり直してください。',
  'error.device_approval_not_allowed': 'このサーバーでは、別のデバイスからの承認は無効になっています。',
  'error.too_many_device_approvals':
    'すでに複数のデバイスが承認を待っています。数分待ってから、もう一度お試しください。',
  'error.last_unlock_envelope':
    'これはキーを解除する最後の方法のため、削除できません。先に別の方法を追加してください。',
  'error.envelope_type_not_allowed':
    '組織のポリシーにより、この方法でキーを解除することはできません。回復キーなど別の方法を使用するか、管理者にお問い合わせください。',
  'error.serverFailure': 'サーバー側で問題が発生しました。しばらくしてからもう一度お試しください。',
  'error.otherCode': '問題が発生しました（{code}）。もう一度お試しください。',
  'error.inPage': 'このページで問題が発生しました。再読み込みして、もう一度お試しください。',

  'oauthError.invalid_client':
    'ここに移動する前のアプリは、このサインインサービスに登録されていないか、利用を許可されていません。',
  'oauthError.invalid_request':
    'ここに移動する前のアプリが、このサービスで受け付けられないサインイン要求を送りました（アプリが登録していない戻り先アドレスなど）。',
  'oauthError.unauthorized_client':
    'ここに移動する前のアプリには、この方法でサインインさせる権限がありません。',
  'oauthError.unsupported_response_type':
    'ここに移動する前のアプリが、このサービスでは提供していない種類のサインインを要求しました。',
  'oauthError.invalid_scope':
    'ここに移動する前のアプリが、このサービスでは提供していないアクセスを要求しました。',
  'oauthError.access_denied': 'サインインはキャンセルされたか、許可されませんでした。',
  'oauthError.server_error': 'サーバー側で問題が発生しました。後でもう一度お試しください。',
  'oauthError.temporarily_unavailable':
    'サインインサービスが混雑しているか、メンテナンス中です。数分後にもう一度お試しください。',
  'oauthError.fallback': 'サインイン要求で問題が発生しました。',

  'errorPage.title': 'サインインを続行できませんでした',
  'errorPage.panelTitle': 'この要求を完了できませんでした',
  'errorPage.closeHint':
    'このページを閉じてアプリに戻ってください。問題が続く場合は、アプリのサポートにお問い合わせください。',
  'errorPage.technicalDetails': '技術的な詳細',
  'errorPage.errorCode': 'エラーコード',
  'errorPage.description': '説明',

  'home.intro':
    'これは {product} のサインインサービスです。{product} を利用するアプリは、サインインのためにここへ移動し、完了後にアプリへ戻ります。',
  'home.goToAccount': 'アカウントへ',
  'notFound.title': 'ページが見つかりません',
  'notFound.text': 'このアドレスにページはありません。リンクを確認するか、最初からやり直してください。',
  'notFound.startPage': 'スタートページへ',

  'signIn.title': 'サインイン',
  'signIn.continueTo': 'サインインして {client} に進みます。',
  'signIn.signingIn': 'サインインしています…',
  'signIn.failedTitle': 'サインインできませんでした',
  'signIn.invalidCredentials':
    'メールアドレスまたはパスワードが正しくありません。確認して、もう一度お試しください。',
  'signIn.confirmFirstTitle': '先にメールアドレスを確認してください',
  'signIn.confirmFirstText':
    '{email} にお送りしたリンクを開いて確認してから、サインインしてください。届くまで数分かかることがあります。迷惑メールフォルダーもご確認ください。',
  'signIn.forgotPassword': 'パスワードをお忘れですか？',
  'signIn.createAccount': 'アカウントを作成',
  'passkey.signIn': 'パスキーでサインイン',
  'passkey.waiting': 'パスキーを待っています…',
  'passkey.failedTitle': 'パスキーでサインインできませんでした',
  'passkey.rejectedFor': 'このパスキーは {email} に登録されていないか、検証できませんでした。',
  'passkey.rejected': 'このパスキーはここのどのアカウントにも登録されていないか、検証できませんでした。',
  'organizationSignIn.open': '組織でサインイン',
  'organizationSignIn.noSsoTitle': 'このアドレスにはシングルサインオンがありません',
  'organizationSignIn.noSsoText':
    'ご所属の組織は、ここでは独自のプロバイダーでサインインしません。下のフォームでパスワードを使用してください。',
  'organizationSignIn.failedTitle': 'アドレスを確認できませんでした',
  'organizationSignIn.workEmail': '勤務先のメールアドレス',
  'resend.sentTitle': '新しいリンクを送信しました',
  'resend.sentText':
    '{email} の確認がまだ必要な場合は、新しいリンクをお送りしました。リンクを開いてから、サインインしてください。',
  'resend.failedTitle': 'リンクを送信できませんでした',
  'resend.button': 'リンクを再送信',

  'register.title': 'アカウントを作成',
  'register.closedTitle': 'ここではアカウントを作成できません',
  'register.closedText':
    'このサービスでは、新しいアカウントは管理者が作成します。管理者にアカウントを依頼するか、すでにお持ちの場合はサインインしてください。',
  'register.oneMoreStep': 'あと一歩です',
  'register.sentText':
    '{email} にリンクを送信しました。リンクを開いてアドレスを確認してから、サインインしてください。リンクは 1 回だけ使用でき、24 時間で期限切れになります。',
  'register.noEmail':
    '数分待ってもメールが届きませんか？迷惑メールフォルダーを確認するか、次をお試しください：',
  'register.takenTitle': 'このメールアドレスのアカウントはすでにあります',
  'register.takenText': '{signIn}。パスワードをお忘れの場合は、{reset}。',
  'register.takenSignIn': 'こちらからサインインしてください',
  'register.resetLink': 'パスワードを再設定してください',
  'register.failedTitle': 'アカウントを作成できませんでした',
  'register.name': 'お名前',
  'register.nameHint': '任意。サインインするアプリに表示されることがあります。',
  'register.creating': 'アカウントを作成しています…',
  'register.submit': 'アカウントを作成',
  'register.haveAccount': 'すでにアカウントをお持ちですか？',

  'forgot.title': 'パスワードの再設定',
  'forgot.sentTitle': '再設定用のリンクを送信しました',
  'forgot.sentText':
    '{email} がアカウントに登録されている場合は、新しいパスワードを設定するためのリンクをお送りしました。リンクは 1 回だけ使用でき、1 時間で期限切れになります。',
  'forgot.noEmail':
    '数分待ってもメールが届きませんか？迷惑メールフォルダーを確認するか、後でもう一度お試しください。',
  'forgot.intro':
    'アカウントのメールアドレスを入力してください。新しいパスワードを設定するためのリンクをお送りします。',
  'forgot.failedTitle': 'リンクを送信できませんでした',
  'forgot.submit': '再設定用のリンクを送信',

  'logout.signedOutTitle': 'サインアウトしました',
  'logout.signedOut': 'サインアウト済み',
  'logout.signedOutText':
    'このデバイスでアカウントからサインアウトしました。このページは閉じてかまいません。',
  'logout.signInAgain': 'もう一度サインイン',
  'logout.title': 'サインアウトしますか？',
  'logout.checkFailed': 'サインイン状態を確認できませんでした',
  'logout.question': '{user} としてサインインしています。このデバイスでサインアウトしますか？',
  'logout.stay': 'サインインしたままにする',

  'authorize.title': 'アクセスの許可',
  'authorize.notFoundTitle': 'サインイン要求が見つかりません',
  'authorize.incompleteTitle': 'このリンクは不完全です',
  'authorize.incompleteText': 'アプリに戻って、もう一度サインインを始めてください。',
  'authorize.cannotContinue': 'このサインインを続行できません',
  'authorize.closeHint': 'このページを閉じてアプリに戻ってください。',
  'authorize.membershipRequiredTitle': '組織のメンバーである必要があります',
  'authorize.continuing': '{client} に移動しています…',
  'authorize.wantsAccess': '{client} があなたのアカウントの使用を求めています。',
  'authorize.signedInAs': '{user} としてサインイン中です。',
  'authorize.notYou': 'ご本人ではありませんか？別のアカウントを使用',
  'authorize.failedTitle': 'この手順を完了できませんでした',
  'authorize.scopesHeading': '許可すると、{client} は次のことができます：',
  'authorize.memberOf': '次の組織のメンバーとして続行',
  'authorize.returnTo': 'その後、{origin} に戻ります。',
  'authorize.approve': '許可',
  'authorize.approving': '許可しています…',
  'authorize.deny': '拒否',
  'authorize.denying': '拒否しています…',
  'authorize.keyCreatedTitle': '暗号化キーを設定しました',
  'authorize.keyCreatedText': '許可すると、{client} はキーを受け取ります。回復キーは安全に保管してください。',
  'authorize.newKeyTitle': '新しい暗号化キーになりました',
  'authorize.newKeyText':
    '{client} は新しいキーを受け取ります。以前のキーで暗号化したデータは開けなくなります。新しい回復キーは安全に保管してください。',
  'authorize.keyUnlockedTitle': '暗号化キーのロックを解除しました',
  'authorize.keyUnlockedText': '許可すると、{client} はキーを受け取ります。',
  'authorize.membersOnly': '{client} は組織のメンバーとしてのみ利用できます。',
  'authorize.noOrganizationTitle': 'どの組織のメンバーでもありません',
  'authorize.noOrganizationText':
    '{email} としてサインインしていますが、このアカウントはどの組織にも属していないため、{client} に進むことはできません。',
  'authorize.askForInvite':
    '組織の管理者に招待を依頼してください。招待を承諾したら、もう一度 {client} にサインインしてください。',
  'authorize.backFailedTitle': 'アプリに戻れませんでした',
  'authorize.refusalReturn': '{origin} に戻ります。続行できなかったことがアプリに通知されます。',
  'authorize.returning': '戻っています…',
  'authorize.backTo': '{client} に戻る',
  // The device page (RFC 8628): a code shown by a TV or console, entered here
  'device.title': 'デバイスを接続',
  'device.intro':
    'テレビやゲーム機などのデバイスに表示されたコードを入力すると、そのデバイスにあなたのアカウントでサインインします。',
  'device.codeLabel': 'デバイスに表示されたコード',
  'device.codeHint': '8 文字の英字です（例: BCDF-GHJK）。大文字・小文字やハイフンの有無は問いません。',
  'device.codeEmpty': 'デバイスに表示されたコードを入力してください。',
  'device.submit': '続ける',
  'device.failedTitle': 'このコードは使用できませんでした',
  'device.approvedTitle': 'デバイスが接続されました',
  'device.approvedText':
    'デバイスに戻ってください。数秒で自動的に続行します。このページは閉じてかまいません。',
  'device.deniedTitle': 'アクセスを拒否しました',
  'device.deniedText':
    'デバイスにはあなたのアカウントへのアクセスが許可されませんでした。このページは閉じてかまいません。',
  'device.anotherCode': '別のコードを入力する',
  'device.consentNoticeTitle': 'ご自身のデバイスですか？',
  'device.consentNotice':
    'あるデバイスが、あなたのアカウントでのサインインを求めています。ご自身が使っているデバイスでサインインを始め、そのデバイスに表示されたコードを入力した場合にのみ許可してください。許可すると、そのデバイス上の {client} は上に記載された操作を行えます。',
  'scope.openid': 'あなたのアカウントでサインインする',
  'scope.profile': 'あなたの名前を読み取る',
  'scope.email': 'あなたのメールアドレスと、その確認状況を読み取る',
  'scope.offline_access': 'アプリを使用していない間もサインイン状態を保つ',
  // Password reset from the emailed link
  'reset.title': 'パスワードの再設定',
  'reset.invalidTitle': 'この再設定用リンクは使用できません',
  'reset.invalidText':
    '使用済み、期限切れ、または不完全です。再設定用リンクは 1 回だけ、1 時間以内に使用できます。',
  'reset.askAgain': '新しいリンクを依頼する',
  'reset.doneTitle': 'パスワードを変更しました',
  'reset.doneNotice': '新しいパスワードを設定しました',
  'reset.doneText':
    '安全のため、すべての場所でサインアウトしました。新しいパスワードでサインインしてください。',
  'reset.checking': 'リンクを確認しています…',
  'reset.chooseTitle': '新しいパスワードを設定',
  'reset.failedTitle': '新しいパスワードを設定できませんでした',
  'reset.account': 'アカウント',
  'reset.newPassword': '新しいパスワード',
  'reset.saving': '保存しています…',
  'reset.submit': '新しいパスワードを設定',

  // The pages the confirmation emails link to
  'verify.title': 'メールアドレスの確認',
  'verify.incompleteTitle': 'このリンクは不完全です',
  'verify.incompleteText': 'メールのリンクをそのまま開くか、下から新しいリンクを依頼してください。',
  'verify.confirming': 'メールアドレスを確認しています…',
  'verify.failedTitle': 'メールアドレスを確認できませんでした',
  'verify.usedText':
    'このリンクは使用済みか期限切れです。すでにアドレスを確認済みの場合は、そのままサインインしてください。',
  'verify.doneTitle': 'メールアドレスを確認しました',
  'verify.thankYou': 'ありがとうございます',
  'verify.doneText': 'メールアドレスが確認されました。サインインできます。',
  'verify.sentText': '{email} の確認がまだ必要な場合は、新しいリンクをお送りしました。',
  'verify.newLinkHeading': '新しいリンクを受け取る',
  'verify.sendNewLink': '新しいリンクを送信',
  'confirmEmail.title': '新しいメールアドレスの確認',
  'confirmEmail.failedTitle': 'メールアドレスを変更できませんでした',
  'confirmEmail.invalidText':
    'このリンクは使用済み、期限切れ、または不完全です。アカウントページからもう一度変更を依頼してください。',
  'confirmEmail.takenText':
    'その間に別のアカウントがこのアドレスを使い始めたため、このアドレスに変更することはできません。',
  'confirmEmail.confirming': '新しいメールアドレスを確認しています…',
  'confirmEmail.doneTitle': 'メールアドレスを変更しました',
  'confirmEmail.done': '完了',
  'confirmEmail.doneText':
    'アカウントのメールアドレスは {email} になりました。今後はこのアドレスでサインインしてください。',
  // Two-step verification at sign-in, and code fields
  'otp.title': '2 段階認証',
  'otp.failedTitle': 'サインインを続行できませんでした',
  'otp.signInAgainTitle': 'もう一度サインイン',
  'otp.signInAgainText':
    'このサインインは終了したか、期限切れです。メールアドレスとパスワードから、もう一度始めてください。',
  'otp.otherAccount': '別のアカウントでサインイン',
  'otp.enterCode': 'サインインを完了するには、認証アプリのコードを入力してください。',
  'otp.enterCodeFor': '{client} へのサインインを完了するには、認証アプリのコードを入力してください。',
  'otp.passwordAccepted': '{email} のパスワードを確認しました。',
  'otp.lockedTitle': '2 段階認証がロックされています',
  'otp.lockedUntil':
    '間違ったコードが多すぎたため、{time} までコードを受け付けません。その時刻以降にもう一度お試しいただくか、管理者にロックの解除を依頼してください。',
  'otp.lockedForAWhile':
    '間違ったコードが多すぎたため、しばらくコードを受け付けません。後でもう一度お試しいただくか、管理者にロックの解除を依頼してください。',
  'otp.verify': '確認',
  'otp.verifying': '確認しています…',
  'otp.lostPhone':
    'スマートフォンをなくしましたか？「{useBackup}」を選び、保存したバックアップコードのいずれかを入力してください。',
  'code.totpLabel': '認証アプリのコード',
  'code.totpHint': 'このアカウントについて、アプリに現在表示されている 6 桁のコード。',
  'code.didNotWork': 'このコードは使用できませんでした',
  'code.backupLabel': 'バックアップコード',
  'code.backupHint':
    '2 段階認証の設定時に保存したバックアップコードのいずれか（例：ABCDE-FGH23）。各コードは 1 回だけ使用できます。',
  'code.useBackup': 'バックアップコードを使用する',
  'code.useApp': 'アプリのコードを使用する',
  'code.enterTotp': '認証アプリのコードを入力してください。',
  'code.totpDigits': '認証アプリの 6 桁のコードを入力してください（数字のみ）。',
  'code.enterBackup': 'バックアップコードのいずれかを入力してください。',
  'code.backupFormat': 'ABCDE-FGH23 のような形式でバックアップコードを入力してください。',
  'code.invalid_otp':
    'このコードは正しくないか、すでに使用されています。アプリの最新のコード、または未使用のバックアップコードを入力してください。',
  'code.otp_locked':
    '間違ったコードが多すぎるため、2 段階認証はしばらくロックされます。時間をおいてもう一度お試しいただくか、管理者にロックの解除を依頼してください。',
  'code.otp_not_pending': 'この設定は期限切れか、置き換えられました。もう一度設定を始めてください。',
  'code.otp_not_enabled': 'このアカウントには 2 段階認証が設定されていません。',
  'code.otp_not_required': 'すでにサインインしています。',
  'code.second_factor_required': '先にコードでサインインを完了してください。',
  'code.otp_required': 'このアカウントでは 2 段階認証が必須のため、無効にできません。',
  'code.step_up_required': '先に認証アプリのコードで本人確認を行ってください。',
  // An invitation to an organization
  'invite.notFoundTitle': '招待が見つかりません',
  'invite.title': '招待',
  'invite.incompleteText':
    'メールの招待リンクをもう一度開くか、リンク全体をアドレスバーにコピーしてください。',
  'invite.cannotOpen': 'この招待を開けません',
  'invite.askAgain': '参加を希望する場合は、招待した人に新しい招待を依頼してください。',
  'invite.invite_not_found':
    'この招待は無効です。使用済み、辞退済み、取り消し済み、またはリンクが不完全です。',
  'invite.invite_expired': 'この招待は期限切れです。招待した人に新しい招待の送信を依頼してください。',
  'invite.invite_wrong_account': 'この招待は、サインイン中のアカウントとは別のメールアドレス宛てです。',
  'invite.email_not_verified':
    '先にお送りしたリンクでメールアドレスを確認してから、このページをもう一度開いてください。',
  'invite.already_member': 'すでにこの組織のメンバーです。',
  'invite.acceptedTitle': '招待を承諾しました',
  'invite.acceptedText':
    '{organization} のメンバーになりました。組織に対応したアプリで、メンバーとして続行できるようになります。',
  'invite.declinedTitle': '招待を辞退しました',
  'invite.declinedText': '{organization} への招待を辞退しました。このリンクは使用できなくなりました。',
  'invite.join': '{organization} に参加',
  'invite.invites': '{organization} が {email} をメンバーとして招待しています。',
  'invite.roles': 'ロール',
  'invite.expired': '期限切れ',
  'invite.validUntil': '有効期限',
  'invite.expiredTitle': 'この招待は期限切れです',
  'invite.signInHeading': 'サインインして回答',
  'invite.signInText':
    '{email} でサインイン（またはこのアドレスでアカウントを作成）してください。このページに戻って、招待を承諾または辞退できます。',
  'invite.wrongAccountTitle': '別のアカウントでサインインしています',
  'invite.wrongAccountText':
    '{signedIn} としてサインインしていますが、この招待は {email} 宛てです。サインアウトし、招待されたアドレスでサインインしてから、招待リンクをもう一度開いてください。',
  'invite.signOut': 'サインアウト',
  'invite.failedTitle': '招待に回答できませんでした',
  'invite.accepting': '承諾しています…',
  'invite.accept': '招待を承諾',
  'invite.declining': '辞退しています…',
  'invite.decline': '辞退',
  ...jaAccount,
};
