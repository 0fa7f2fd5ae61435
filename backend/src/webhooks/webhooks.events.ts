/** What webhooks tell others (docs/product/webhooks.md#failing-endpoints). */
declare module '../common/events/domain-events' {
  interface DomainEvents {
    /** An endpoint whose deliveries had failed since `since` (3 days or more) was turned off; `admins` are told. */
    'webhooks.endpoint.disabled': { endpointId: number; host: string; since: string; admins: number[] };
  }
}

export {};
