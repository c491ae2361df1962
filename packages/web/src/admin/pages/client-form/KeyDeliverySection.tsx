import { CheckboxField } from '../../../shared/CheckboxField';
import { SelectField } from '../../../shared/SelectField';
import type { ClientSectionProps, ZkDelivery, ZkKeyScope } from './client-draft';

/** Zero-knowledge key delivery: which format, whether sign-in fails without it, and whose key (docs/zk.md §2.2). */
export function KeyDeliverySection({ draft, set, errors }: ClientSectionProps) {
  return (
    <fieldset className="section">
      <legend>Key delivery (zero-knowledge)</legend>
      <SelectField
        label="Key delivery format"
        options={[
          { value: 'none', label: 'None' },
          { value: 'v2', label: 'v2' },
          { value: 'legacy-v1', label: 'legacy-v1' },
        ]}
        value={draft.zkDelivery}
        error={errors.zk}
        onChange={(event) => set({ zkDelivery: event.target.value as ZkDelivery })}
      />
      <CheckboxField
        label="Require key delivery"
        hint="Sign-in fails unless the app's key can be delivered."
        checked={draft.zkRequired}
        onChange={(event) => set({ zkRequired: event.target.checked })}
      />
      <SelectField
        label="Key scope"
        hint="Per organization: the person gets a different key for each organization they use the app for, and every sign-in needs an organization, as with “Organization required”."
        options={[
          { value: 'client', label: 'One key per person' },
          { value: 'organization', label: 'One key per person and organization' },
        ]}
        value={draft.zkKeyScope}
        error={errors.zkKeyScope}
        onChange={(event) => set({ zkKeyScope: event.target.value as ZkKeyScope })}
      />
    </fieldset>
  );
}
