import { CheckboxField } from '../../../shared/CheckboxField';
import { SelectField } from '../../../shared/SelectField';
import type { ClientSectionProps, ZkDelivery } from './client-draft';

/** Zero-knowledge key delivery: which format, and whether sign-in fails without it. */
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
    </fieldset>
  );
}
