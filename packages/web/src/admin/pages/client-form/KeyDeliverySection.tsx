import { CheckboxField } from '../../../shared/CheckboxField';
import { SelectField } from '../../../shared/SelectField';
import { t } from '../../i18n/text';
import type { ClientSectionProps, ZkDelivery, ZkKeyScope } from './client-draft';

/** Zero-knowledge key delivery: which format, whether sign-in fails without it, and whose key (docs/zk.md §2.2). */
export function KeyDeliverySection({ draft, set, errors }: ClientSectionProps) {
  return (
    <fieldset className="section">
      <legend>{t('clients.form.keyDelivery.legend')}</legend>
      <SelectField
        label={t('clients.form.keyDelivery.format.label')}
        options={[
          { value: 'none', label: t('clients.form.keyDelivery.format.none') },
          { value: 'v2', label: t('clients.form.keyDelivery.format.v2') },
          { value: 'legacy-v1', label: t('clients.form.keyDelivery.format.legacyV1') },
        ]}
        value={draft.zkDelivery}
        error={errors.zk}
        onChange={(event) => set({ zkDelivery: event.target.value as ZkDelivery })}
      />
      <CheckboxField
        label={t('clients.form.keyDelivery.required.label')}
        hint={t('clients.form.keyDelivery.required.hint')}
        checked={draft.zkRequired}
        onChange={(event) => set({ zkRequired: event.target.checked })}
      />
      <SelectField
        label={t('clients.form.keyDelivery.scope.label')}
        hint={t('clients.form.keyDelivery.scope.hint')}
        options={[
          { value: 'client', label: t('clients.form.keyDelivery.scope.client') },
          { value: 'organization', label: t('clients.form.keyDelivery.scope.organization') },
        ]}
        value={draft.zkKeyScope}
        error={errors.zkKeyScope}
        onChange={(event) => set({ zkKeyScope: event.target.value as ZkKeyScope })}
      />
    </fieldset>
  );
}
