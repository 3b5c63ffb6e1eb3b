import { useState } from 'react';
import { initialsOf } from './card-text';
import './trade-logo.css';

interface TradeLogoProps {
  name: string;
  logoUri: string | null;
}

/** The business's logo, or a circle with its initials when it has none or the image fails to load. */
export function TradeLogo({ name, logoUri }: TradeLogoProps) {
  const [broken, setBroken] = useState(false);
  const label = `${name} logo`;

  if (logoUri && !broken) {
    return (
      <img
        className="trade-logo rounded-circle border"
        src={logoUri}
        alt={label}
        width={64}
        height={64}
        loading="lazy"
        decoding="async"
        onError={() => setBroken(true)}
      />
    );
  }
  return (
    <div className="trade-logo trade-logo-initials rounded-circle bg-primary-subtle text-primary-emphasis" role="img" aria-label={label}>
      {initialsOf(name)}
    </div>
  );
}
