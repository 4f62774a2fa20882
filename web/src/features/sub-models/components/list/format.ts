/** Date and time as the sub-model screens show them (spec 001 §9): yyyy-MM-dd HH:mm UTC. */
export { formatDateTime } from '../../../../lib/format';
