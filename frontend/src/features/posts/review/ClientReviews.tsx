import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientReview } from '../../../../../shared/api/review';
import { useDateFormat } from '../lists/useDateFormat';
import './review.css';

/** What clients did on a post through review links, as the team sees it in the post's detail. */
export function ClientReviews({ reviews }: { reviews: readonly ClientReview[] | undefined }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const id = useId();
  if (!reviews?.length) return null;
  return (
    <section className="client-reviews" aria-labelledby={id}>
      <h3 id={id}>{t('review.onPost.title')}</h3>
      <ul>
        {reviews.map((review) => (
          <li key={`${review.at}-${review.name}`}>
            <span>
              {t(review.decision === 'approved' ? 'review.onPost.approved' : 'review.onPost.commented', { name: review.name })} · <time dateTime={review.at}>{format(review.at)}</time>
            </span>
            {review.comment && <q>{review.comment}</q>}
          </li>
        ))}
      </ul>
    </section>
  );
}
