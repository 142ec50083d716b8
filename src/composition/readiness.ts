/** Whether this instance takes new work: false from the start of a stop, so /readyz turns a load balancer away. */
export class Readiness {
  stopping = false;
}
