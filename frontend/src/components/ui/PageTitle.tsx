import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The page heading, also used as the document title. */
export function PageTitle({ children }: { children: string }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${children} · ${t('common.appName')}`;
  }, [children, t]);
  return <h1 className="page-title">{children}</h1>;
}
