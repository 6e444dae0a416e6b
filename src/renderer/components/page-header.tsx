import { Heading } from 'react-aria-components';

export interface PageHeaderProps {
  title: string;
  description?: string;
  /** Buttons or links for the screen's main actions. */
  actions?: React.ReactNode;
}

export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <header className="page-header">
      <div className="page-header__text">
        <Heading level={1} className="page-header__title">
          {title}
        </Heading>
        {description ? <p className="page-header__description">{description}</p> : null}
      </div>
      {actions ? <div className="page-header__actions">{actions}</div> : null}
    </header>
  );
}
