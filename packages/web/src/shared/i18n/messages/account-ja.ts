import type { Message } from '../format';
import type { enAccount } from './account-en';

/** Japanese (です・ます調): the signed-in pages' messages (account-en.ts). */
export const jaAccount: Record<keyof typeof enAccount, Message> = {
  'reset.key.keptTitle': '暗号化キーは保持されています',
  'reset.key.keptText':
    'データを暗号化するアプリは、あなただけがロックを解除できるキーを使います。パスワードをリセットしてもこのキーは削除されていませんが、新しいパスワードではまだ開けません。キーを保護していたのは以前のパスワードで、私たちはそれを一度も知ることがなかったためです。',
  'reset.key.opensWithIntro': '次にアプリからキーを求められたら、次のいずれかで開いてください:',
  'reset.key.recoveryKey':
    '回復キー(キーを設定したときに保存した、TSRK2 で始まるコード)。まさにこのために用意されています',
  'reset.key.passkey': 'キーのロックを解除できるパスキー',
  'reset.key.trustedDevice': 'キーを開くことを許可した信頼済みデバイス',
  'reset.key.afterwards': 'その後は、新しいパスワードで再びキーを開けるようになります。',
  'reset.key.nothingOpens':
    'ほかに設定したものではこのキーを開けないため、これらのアプリが暗号化したデータはもう読み取れません。アプリによっては、空の状態から始まる新しいキーを設定できます。',
  'reset.key.discardedTitle': '暗号化キーは削除されました',
  'reset.key.discardedText':
    'メールアドレスがまだ確認されていなかったため、このリセットより前にこのアカウントで設定されていたものはすべて削除され、暗号化キーも削除されました。データを暗号化するアプリは、空の状態から始まる新しいキーを設定します。',

  'recoveryKey.empty': '回復キーが入力されていません。',
  'recoveryKey.wrongLength': {
    other: '回復キーが {count} 文字です。{prefix} の後は {expected} 文字である必要があります。',
  },
  'recoveryKey.invalidCharacter':
    'グループ {group} の {position} 文字目の「{character}」は、回復キーでは使われない文字です。',
  'recoveryKey.checksumMismatch': '回復キーが一致しません。入力を間違えた文字があります。',

  'keybag.loading': '暗号化キーを読み込んでいます…',
  'keybag.title': '暗号化キー',
  'keybag.none':
    'まだ暗号化キーはありません。データを暗号化するアプリが初めてキーを求めたときに設定されます。',
  'keybag.intro':
    'データを暗号化するアプリは、あなただけがロックを解除できるキーを使います。サインインサービスはこのキーを読み取れません。設定日時: {created}、アプリによる最終使用: {lastUsed}。',
  'keybag.never': 'なし',
  'keybag.opensIt': 'キーを開けるもの',
  'keybag.opensItLabel': '暗号化キーを開けるもの',
  'keybag.type.password': 'パスワード',
  'keybag.type.recovery_key': '回復キー',
  'keybag.type.passkey_prf': 'パスキー',
  'keybag.type.trusted_device': '信頼済みデバイス',
  'keybag.envelopeDates': '追加: {added}、最終使用: {lastUsed}',
  'keybag.stale': 'このキーはもう開けません(パスワードが置き換えられました)。',
  'keybag.needed': '必須: ほかにキーを開けるものがありません。',
  'keybag.remove.button': '削除',
  'keybag.remove.label': '{name} {label} を削除',
  'keybag.remove.confirmLabel': '削除の確認',
  'keybag.remove.ask.password':
    'パスワードで暗号化キーを開けなくなります。サインインには引き続きパスワードを使えます。',
  'keybag.remove.ask.recovery_key':
    'この回復キーで暗号化キーを開けなくなります。どこに控えてあっても同じです。',
  'keybag.remove.ask.passkey_prf':
    'パスキー「{label}」で暗号化キーを開けなくなります。パスキー自体は残り、引き続きサインインに使えます。パスキーを削除するには、このページの「パスキー」を使ってください。',
  'keybag.remove.ask.trusted_device':
    '「{label}」で暗号化キーが自動的に開かなくなります。そのデバイスでのサインインはこれまでどおりです。',
  'keybag.remove.ask.other': '「{label}」で暗号化キーを開けなくなります。',
  'keybag.remove.confirm': 'キーから削除',
  'keybag.remove.cancel': '残す',
  'keybag.remove.done.password':
    'パスワードで暗号化キーを開けなくなりました。サインインには引き続きパスワードを使えます。',
  'keybag.remove.done.recovery_key': 'この回復キーで暗号化キーを開けなくなりました。',
  'keybag.remove.done.passkey_prf':
    'パスキー「{label}」で暗号化キーを開けなくなりました。パスキー自体は削除されておらず、引き続きサインインに使えます。',
  'keybag.remove.done.trusted_device': '「{label}」で暗号化キーが自動的に開かなくなりました。',
  'keybag.remove.done.other': '「{label}」で暗号化キーを開けなくなりました。',
  'keybag.replaceRecoveryKey': '回復キーを置き換える',
  'keybag.createRecoveryKey': '回復キーを作成',
  'keybag.unlockPurpose': '新しい回復キーは同じキーを開くため、ここでキーのロックを解除する必要があります。',
  'keybag.saveFailed': '回復キーを保存できませんでした',
  'keybag.replacesOld':
    '新しい回復キーは以前のものを置き換えます。以前の回復キーではキーを開けなくなります。',
  'keybag.opensYourKey': 'この回復キーで暗号化キーを開けます。',
  'keybag.recoveryKeySaved': '新しい回復キーを保存しました。',
  'keybag.failed': 'うまくいきませんでした',
  'keybag.check.title': '回復キーを確認',
  'keybag.check.label': '確認する回復キー',
  'keybag.check.hint': 'このブラウザー内でのみ確認し、何も変更しません。',
  'keybag.check.submit': '確認',
  'keybag.check.wrong': 'この回復キーではキーを開けません。',
  'keybag.check.opens': 'この回復キーでキーを開けます',
  'keybag.check.keepSafe': '安全な場所に保管してください。',

  'common.saving': '保存しています…',
  'common.cancel': 'キャンセル',

  'account.title': 'アカウント',
  'account.loadFailed': 'アカウントを読み込めませんでした',
  'account.finishFirst':
    '先にサインインを完了してください。このアカウントでは、パスワードの後に 2 つ目の手順が必要です。',
  'account.finishSignIn': 'サインインを完了',
  'account.signInToSee': 'アプリの表示やアカウントの管理には、サインインしてください。',
  'account.signedInAs': '{name} としてサインイン中',
  'account.mustChangeTitle': '新しいパスワードを設定してください',
  'account.mustChangeText': '続行する前に新しいパスワードを設定するよう、管理者から求められています。',
  'account.signOutTitle': 'サインアウト',
  'account.signOutText': 'このデバイスでアカウントからサインアウトします。',
  'signOut.failed': 'サインアウトできませんでした',
  'signOut.working': 'サインアウトしています…',
  'signOut.button': 'サインアウト',

  'apps.title': 'アプリ',
  'apps.loading': 'アプリを読み込んでいます…',
  'apps.none': 'ここに表示できるアプリはまだありません。',

  'profile.title': '名前',
  'profile.saved': '保存しました',
  'profile.savedText': '新しい名前は、次にアプリにサインインしたときにアプリに反映されます。',
  'profile.saveFailed': '名前を保存できませんでした',
  'profile.name': '名前',
  'profile.save': '名前を保存',

  'email.title': 'メールアドレス',
  'email.sameAddress': 'これはすでに現在のアドレスです。',
  'email.confirmed': '(確認済み)',
  'email.notConfirmed': '(未確認)',
  'email.confirmTitle': '新しいアドレスを確認してください',
  'email.sentText': '{email} にリンクを送信しました。リンクを開くとアドレスが変更されます。',
  'email.failed': 'アドレスを変更できませんでした',
  'email.taken': 'このアドレスは別のアカウントで使われています。',
  'email.newAddress': '新しいメールアドレス',
  'email.change': 'メールアドレスを変更',

  'password.title': 'パスワード',
  'password.changed': 'パスワードを変更しました',
  'password.othersSignedOut': 'サインインしていたほかのデバイスからはサインアウトされました。',
  'password.keyCarried': '新しいパスワードで暗号化キーを開けます。',
  'password.keyNotCarried':
    '新しいパスワードではまだ暗号化キーを開けません。次にアプリからキーを求められたら、回復キーでロックを解除してください。',
  'password.wrongTitle': '現在のパスワードが正しくありません',
  'password.wrongText': '何も変更されていません。現在のパスワードを確認して、もう一度お試しください。',
  'password.failed': 'パスワードを変更できませんでした',
  'password.changing': 'パスワードを変更しています…',
  'password.change': 'パスワードを変更',
  'password.current': '現在のパスワード',
  'password.new': '新しいパスワード',

  'stepUp.title': 'ご本人確認',
  'stepUp.explanation':
    'このアカウントでは 2 段階認証が有効なため、この変更には認証アプリの現在のコード(またはバックアップコードのいずれか)が必要です。確認後は自動的に続行されます。',
  'stepUp.submit': '確認して続行',

  'backupCodes.title': '今すぐバックアップコードを保存してください',
  'backupCodes.onlyOnce': 'これらのコードが表示されるのは今回だけです。',
  'backupCodes.explanation':
    'スマートフォンや認証アプリをなくした場合、各コードはアプリのコードの代わりに 1 回だけサインインに使えます。パスワードマネージャーや印刷した紙など、安全な場所に保管してください。',
  'backupCodes.listLabel': 'バックアップコード',
  'backupCodes.copy': 'コードをコピー',
  'backupCodes.copied': 'クリップボードにコピーしました。',
  'backupCodes.copyFailed': 'ここではコピーできません。コードを選択してコピーしてください。',
  'backupCodes.saved': 'これらのバックアップコードを安全な場所に保存しました',
  'backupCodes.reminder':
    '先にコードを保存してから、チェックボックスをオンにしてください。コードは二度と表示されません。',

  'security.turnedOff': '2 段階認証をオフにしました。バックアップコードは使えなくなりました。',
  'security.newCodesReady': '新しいバックアップコードの準備ができました。以前のコードは使えなくなりました。',
  'security.savedDone': '保存しました: 完了',
  'security.newCodesInUse': '新しいバックアップコードが有効になりました。',
  'security.done': '完了しました',
  'security.codesFailed': '新しいバックアップコードを作成できませんでした',
  'security.turnOffFailed': '2 段階認証をオフにできませんでした',
  'security.turnOffQuestion': '2 段階認証をオフにしますか?',
  'security.turnOffText':
    'サインインにはパスワードだけが必要になり、バックアップコードは使えなくなります。いつでも再び設定できます。',
  'security.turnOffConfirm': 'オフにする',
  'security.keepOn': 'オンのままにする',
  'security.creatingCodes': 'コードを作成しています…',
  'security.createCodes': '新しいバックアップコードを作成',
  'security.newAuthenticator': '新しい認証アプリに移行',
  'security.turningOff': 'オフにしています…',
  'security.turnOff': '2 段階認証をオフにする',
  'security.requiredStaysOn': 'このアカウントでは 2 段階認証が必須のため、オンのままになります。',
  'security.continueSetup': '設定を続ける',
  'security.setUp': '2 段階認証を設定',
  'security.status.on': 'オン。',
  'security.status.onText': 'サインイン時、パスワードの後に認証アプリのコードを求められます。',
  'security.lockedTitle': 'コードは一時的にロックされています',
  'security.lockedUntil': '間違ったコードが多すぎたため、{time} までコードは受け付けられません。',
  'security.lockedForAWhile': '間違ったコードが多すぎたため、しばらくの間コードは受け付けられません。',
  'security.noCodesLeft':
    '未使用のバックアップコードが残っていません。今すぐ新しいコードを作成してください。',
  'security.codesLeft': {
    other: '未使用のバックアップコードが残り {count} 個あります。',
  },
  'security.createSoon': '早めに新しいコードを作成してください。',
  'security.status.required': '必須(まだ設定されていません)。',
  'security.status.requiredText':
    'このアカウントでは 2 段階認証を使う必要があります。サインイン時、パスワードの後に認証アプリのコードを求められます。',
  'security.status.off': 'オフ。',
  'security.status.pendingText': '設定を開始しましたが、完了していません。',
  'security.status.offText':
    'オンにすると、サインインにパスワードに加えてスマートフォンのアプリのコードが必要になり、パスワードが盗まれただけでは不十分になります。',

  'setup.signInFirst': '2 段階認証を設定するには、先にサインインしてください。',
  'setup.loadFailed': '2 段階認証の設定を読み込めませんでした',
  'setup.isOn': '2 段階認証がオンになりました。今後は、パスワードの後に認証アプリのコードを入力します。',
  'setup.savedContinue': '保存しました: 続行',
  'setup.mustUse': 'このアカウントでは 2 段階認証を使う必要があります。',
  'setup.finishSigningIn': 'サインインを完了するために、今すぐ設定してください。',
  'setup.finishSigningInTo': '{client} へのサインインを完了するために、今すぐ設定してください。',
  'setup.toContinue': '続行するために、今すぐ設定してください。',
  'setup.why':
    '2 段階認証を使うと、サインインにパスワードとスマートフォンのアプリのコードが必要になるため、パスワードが盗まれただけではサインインできません。',
  'setup.needApp':
    '時間ベースのコード(TOTP)に対応した認証アプリが必要です。たとえば、パスワードマネージャーに組み込まれたものや、スマートフォンのアプリストアにある認証アプリを使えます。',
  'setup.replacesTitle': '現在の認証アプリが置き換えられます',
  'setup.replacesText':
    '2 段階認証はすでにオンです。もう一度設定すると、新しい認証アプリに移行します。新しいアプリが確認されると、以前のアプリと以前のバックアップコードは使えなくなります。最初に現在のコードを求められます。',
  'setup.startFailed': '設定を開始できませんでした',
  'setup.waitingForCode': 'コードを待っています…',
  'setup.starting': '開始しています…',
  'setup.start': '設定を開始',
  'setup.keyTitle': '認証アプリにアカウントを追加',
  'setup.scan': 'スマートフォンの認証アプリでアカウントの追加を選び、この QR コードをスキャンしてください。',
  'setup.qrLabel': '認証アプリ用の QR コード',
  'setup.openOrType':
    'アプリがこのデバイスにある場合は、{link}こともできます。コードをスキャンできない場合は、アプリでセットアップキーの入力を選び、下のキーを入力してください。',
  'setup.openInApp': '認証アプリで開く',
  'setup.key': 'セットアップキー',
  'setup.keyHint': '4 文字ずつ区切った英数字です。スペースは無視されます。',
  'setup.keyStandard': '時間ベース、6 桁、30 秒ごと: ほとんどのアプリが自動で使う設定です。',
  'setup.keyCustom': 'アプリで、時間ベース、{algorithm}、{digits} 桁、{period} 秒ごとを選んでください。',
  'setup.copyKey': 'セットアップキーをコピー',
  'setup.copyFailed': 'ここではコピーできません。キーを選択してコピーしてください。',
  'setup.enterCode':
    'すべて正しく動作するか確認するため、アプリがこのアカウントに表示しているコードを入力してください。',
  'setup.turnOn': '2 段階認証をオンにする',
  'setup.codeHint':
    'アプリに今表示されている {digits} 桁のコードです。{period} 秒ごとに新しいコードが表示されます。',
  'setup.startAgain': 'やり直す',

  'passkeys.title': 'パスキー',
  'passkeys.intro': 'パスワードの代わりに、デバイスの画面ロックやセキュリティキーでサインインできます。',
  'passkeys.ability.unlocks': '暗号化キーのロックを解除できます',
  'passkeys.ability.can_unlock_later': '暗号化キーが対応するよう設定されると、ロックを解除できます',
  'passkeys.ability.cannot_unlock': '暗号化キーのロックは解除できません',
  'passkeys.addedNoKeys':
    'パスキー「{name}」を追加しました。サインインには使えますが、この認証器では暗号化キーのロックを解除できません。',
  'passkeys.added': 'パスキー「{name}」を追加しました。',
  'passkeys.addedUnlocks': 'パスキー「{name}」を追加しました。サインインと暗号化キーのロック解除に使えます。',
  'passkeys.nameMissing': 'パスキーに名前を付けてください(保存しているデバイスの名前など)。',
  'passkeys.unlockPurpose':
    '新しいパスキーで暗号化キーのロックも解除できるようにするには、ここで一度キーのロックを解除してください。',
  'passkeys.unlockFormLabel': 'パスキーでキーのロックを解除できるようにする',
  'passkeys.unlockSubmit': 'このパスキーでキーのロックを解除できるようにする',
  'passkeys.notNow': '後で',
  'passkeys.nowUnlocks': 'パスキー「{name}」でもキーのロックを解除できるようになりました。',
  'passkeys.loadFailed': 'パスキーを読み込めませんでした',
  'passkeys.newName': '新しいパスキーの名前',
  'passkeys.newNameHint': 'たとえば、保存しているデバイスやセキュリティキーの名前。',
  'passkeys.waiting': 'パスキーを待っています…',
  'passkeys.add': 'パスキーを追加',
  'passkeys.lastSignIn': 'これが唯一のサインイン方法です。先に別のパスキーかパスワードを追加してください。',
  'passkeys.dates': '追加 {added}、最終使用 {lastUsed}',
  'passkeys.cloneSuspected':
    'このパスキーは、署名カウンターが巻き戻った状態で使われました。コピーされた可能性があります。心当たりがなければ削除してください。',
  'passkeys.renameLabel': '新しい名前',
  'passkeys.save': '保存',
  'passkeys.rename': '名前を変更',
  'passkeys.removeNamed': '「{name}」を削除',

  'linked.title': '組織のサインイン',
  'linked.intro': 'これらの ID プロバイダーで、このアカウントにサインインできます。',
  'linked.unlinked': '{name} とのリンクを解除しました。このアカウントへのサインインには使えなくなりました。',
  'linked.lastSignIn':
    '{name} が唯一のサインイン方法です。リンクを解除する前に、パスワードを設定するかパスキーを追加してください。',
  'linked.loadFailed': 'リンクされた ID プロバイダーを読み込めませんでした',
  'linked.dates': 'リンク {linked}、最終サインイン {lastSignIn}',
  'linked.unlinkNamed': '{name} とのリンクを解除',
  'linked.unlink': 'リンクを解除',

  'devices.title': '信頼済みデバイス',
  'devices.loading': 'デバイスを読み込んでいます…',
  'devices.noKey': '暗号化キーは、アプリが初めてキーを求めたときに設定されます。',
  'devices.trusted': 'このブラウザーは信頼済みデバイスになりました。',
  'devices.approved': '{label} を承認しました。今後はキーのロックを解除できます。',
  'devices.revoked': '{label} でキーのロックを解除できなくなりました。',
  'devices.none': '自動的にキーのロックを解除するブラウザーはまだありません。',
  'devices.aBrowser': 'ブラウザー',
  'devices.thisBrowser': '(このブラウザー)',
  'devices.dates': '追加 {added} · 最終使用 {lastUsed}',
  'devices.revoke': '{label} を取り消す',
  'devices.device': 'デバイス',
  'devices.trustThis': 'このブラウザーを信頼する',
  'devices.waitingTitle': '承認を待っているデバイス',
  'devices.waitingText':
    'このコードとフィンガープリントがまったく同じものを表示しているデバイスだけを承認してください。',
  'devices.codeAndFingerprint': 'コード {code} · フィンガープリント {fingerprint}',
  'devices.approve': '承認',
  'devices.trustNeedsKey': 'このブラウザーを信頼するには、ここでキーのロックを解除する必要があります。',
  'devices.approveNeedsKey': '{label} を承認するには、ここでキーのロックを解除する必要があります。',

  'approval.title': '別のデバイスでロックを解除',
  'approval.instructions':
    'キーのロックが解除されているデバイスでアカウントページを開き、「{section}」でこのデバイスを承認してください。同じコードとフィンガープリントが表示されていることを確認してください。',
  'approval.code': 'コード: {code}',
  'approval.fingerprint': 'フィンガープリント: {fingerprint}',
  'approval.waiting': '承認を待っています…',
  'approval.failed': 'このデバイスは承認されませんでした',
  'approval.offer':
    '別のデバイスでキーのロックが解除されている場合は、そちらからこのデバイスを承認できます。',
  'approval.tryAgain': 'もう一度試す',
  'approval.start': '別のデバイスから承認',

  'recoveryKey.notGroup': 'これは回復キーのグループ {group} ではありません。',
  'recoveryKey.saveTitle': '回復キーを保存してください',
  'recoveryKey.saveText':
    'パスワードを忘れた場合、この回復キーがキーを取り戻す唯一の方法です。表示されるのは一度だけです。パスワードマネージャーや紙など、安全な場所に保管してください。',
  'recoveryKey.copy': 'コピー',
  'recoveryKey.download': 'ダウンロード',
  'recoveryKey.copied': 'コピーしました。',
  'recoveryKey.copyFailed': 'ここではコピーできませんでした。キーを選択してコピーしてください。',
  'recoveryKey.groupLabel': '回復キーのグループ {group}',
  'recoveryKey.groupHint':
    '保存したことを確認するため、{prefix} の後のグループ {group}(全 11 グループ中)の 5 文字を入力してください。',
  'recoveryKey.savedContinue': '保存しました。続行',

  'unlock.way.password': 'パスワード',
  'unlock.way.passkey': 'パスキー',
  'unlock.way.recoveryKey': '回復キー',
  'unlock.passkeyDidNotUnlock':
    'そのパスキーではキーのロックを解除できませんでした。キーのロックを解除できるパスキーか、ここにある別の方法を使ってください。',
  'unlock.recoveryKeyWrong': 'この回復キーではキーを開けません。最新の回復キーかどうか確認してください。',
  'unlock.withWays': 'このページで、{ways}を使ってロックを解除してください。',
  'unlock.noWay':
    'このページで使えるものではキーを開けません。次にアプリにサインインするときにロックを解除するか、信頼済みデバイスからこのブラウザーを承認してください。',
  'unlock.unlock': 'ロックを解除',
  'unlock.passwordWrong': 'このパスワードではキーを開けません。',
  'unlock.unlocking': 'ロックを解除しています…',
  'unlock.withPasskey': 'パスキーでロックを解除',
  'unlock.recoveryKeyLabel': '回復キー',
  'unlock.recoveryKeyHint': '{prefix} で始まり、5 文字のグループが 11 個あります。',
  'unlock.withRecoveryKey': '回復キーでロックを解除',
  'unlock.passwordNotCorrect': 'このパスワードは正しくありません。',
  'unlock.yourPassword': 'パスワード',

  'zk.checking': '暗号化キーを確認しています…',
  'zk.loadFailed': '暗号化キーを読み込めませんでした',
  'zk.askAdmin': '管理者に問い合わせてください。',
  'zk.back': '戻る',
  'zk.rewrap.title': 'キーのロックを解除しました',
  'zk.rewrap.text':
    '次回もパスワードでキーを開けるように、現在のパスワードを入力してください。入力しない場合、次回も回復キーが必要になります。',
  'zk.rewrap.submit': '次回はパスワードを使う',
  'zk.rewrap.skip': 'スキップ',
  'zk.locked.passkeyDidNotUnlock':
    'そのパスキーではキーのロックを解除できませんでした。キーを保護したパスキーか、下にある別の方法を使ってください。',
  'zk.locked.title': '暗号化キーのロックを解除',
  'zk.locked.intro':
    '{client} は、あなただけがロックを解除できるキーでデータを暗号化します。サインインサービスはこのキーを読み取れません。',
  'zk.locked.orgNoPasswordTitle': 'ここでは組織がパスワードの使用を許可していません',
  'zk.locked.orgNoPasswordText':
    '組織のポリシーにより、{client} ではパスワードでキーのロックを解除できません。下にある別の方法を使ってください。',
  'zk.locked.staleTitle': 'パスワードでキーを開けなくなりました',
  'zk.locked.staleText':
    '前回キーを設定した後にパスワードがリセットまたは変更されたため、パスワードではキーを開けません。回復キーを使ってください。',
  'zk.locked.passwordWrongTitle': 'パスワードでキーを開けません',
  'zk.locked.withPassword': 'パスワードでロックを解除',
  'zk.locked.useRecoveryKey': '代わりに回復キーを使ってください。',
  'zk.locked.noWayTitle': 'ここではキーのロックを解除する方法がありません',
  'zk.locked.lostRecoveryKey': '回復キーをなくしましたか? {button}',
  'zk.newKey.title': '新しいキーを設定',
  'zk.newKey.lossTitle': '以前のキーで暗号化されたデータは失われます',
  'zk.newKey.lossText':
    '新しいキーは、すべてのアプリで以前のキーを置き換えます。{client} やほかのアプリは、以前のキーで暗号化したものを開けなくなり、誰にも(サインインサービスにも)復元できません。以前のキーのロックを解除できない場合にだけ行ってください。',
  'zk.newKey.understand': '以前のキーで暗号化されたデータは復元できないことを理解しました',
  'zk.newKey.confirmFirst': '先に、理解したことを確認してください。',
  'zk.setup.title': '暗号化キーを設定',
  'zk.setup.enterPassword':
    '{client} は、あなただけがロックを解除できるキーでデータを暗号化します。パスワードを入力してください。パスワードがキーを保護します。',
  'zk.setup.failed': 'キーを設定できませんでした',
  'zk.setup.newKeyReady': '新しいキーを設定する準備ができました。{client} には新しいキーが渡されます。',
  'zk.setup.passwordProtects':
    '{client} は、あなただけがロックを解除できるキーでデータを暗号化します。キーはパスワードで保護されます。サインインサービスはこのキーを読み取れません。',
  'zk.setup.recoveryProtects':
    '{client} は、あなただけがロックを解除できるキーでデータを暗号化します。キーはこの回復キーで保護されます。サインインサービスはこのキーを読み取れません。',
  'zk.setup.recoveryProtectsNoPassword':
    '{client} は、あなただけがロックを解除できるキーでデータを暗号化します。キーはこの回復キーで保護されます(組織がパスワードによる保護を許可していないため)。サインインサービスはこのキーを読み取れません。',
  'zk.setup.passkeyName': '{date} のパスキー',
  'zk.setup.passkeyNoPrfOrRecovery':
    'このパスキーはサインイン用に追加されましたが、キーを保護できません。代わりに回復キーを使うか、別のパスキーをお試しください。',
  'zk.setup.passkeyNoPrf':
    'このパスキーはサインイン用に追加されましたが、キーを保護できません。別のパスキーをお試しください。',
  'zk.setup.passkeyAndRecovery':
    'パスキー「{name}」がキーを保護します。パスキーをなくした場合も、この回復キーでキーを開けます。',
  'zk.setup.passkeyOnly':
    'パスキー「{name}」がキーを保護します。組織が回復キーを許可していないため、このパスキーをなくすと、このキーで保護されたデータは復元できません。',
  'zk.setup.settingUp': '設定しています…',
  'zk.setup.submit': 'キーを設定',
  'zk.setup.choose':
    '{client} は、あなただけがロックを解除できるキーでデータを暗号化します。このアカウントにはパスワードがないため、キーを保護するものを選んでください: このデバイスのパスキーか、安全に保管する回復キーです。',
  'zk.setup.passkeyCannotTitle': 'このパスキーではキーを保護できません',
  'zk.setup.withPasskey': 'パスキーで保護する',
  'zk.setup.withRecoveryKey': '回復キーを使う',
  'zk.setup.passwordOnly':
    '{client} は、あなただけがロックを解除できるキーでデータを暗号化します。キーはパスワードで保護されます。組織が回復キーを許可していないため、パスワードを忘れると、このキーで保護されたデータは復元できません。',
  'zk.notPossible.newKeyTitle': 'ここでは新しいキーを設定できません',
  'zk.notPossible.title': 'ここでは暗号化キーを設定できません',
  'zk.notPossible.withPassword':
    '組織のポリシーでは、パスワードでも回復キーでも暗号化キーを保護できません。キーはそのどちらかでしか設定できません。パスキーと信頼済みデバイスは、既存のキーにしか追加できません。',
  'zk.notPossible.withoutPassword':
    'このアカウントにはパスワードがなく、組織のポリシーでは、パスキーでも回復キーでも暗号化キーを保護できません。',
  'zk.passkeyCannot.title': 'パスキーでキーのロックを解除できません',
  'zk.passkeyCannot.text':
    'サインインに使ったパスキーでは、ここで暗号化キーのロックを解除できません。今回はパスワードか回復キーを使ってください。',
  'recoveryKey.label': '{date} の回復キー',
  'devices.browserOnSystem': '{system} の {browser}',
};
