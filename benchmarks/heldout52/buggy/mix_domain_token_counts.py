"""Data-mixture scheduler: tokens seen per domain are tallied and shared with the sampler."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Scheduler:
    replica_axis = "replica"
    domain_axis = "domain"

    def observe(self, counts):
        raise NotImplementedError


class MixtureScheduler(Scheduler):
    def observe(self, counts):
        seen = jax.lax.psum(counts, self.replica_axis)
        return self.share(seen)

    def share(self, seen):
        return jax.lax.all_gather(seen, self.replica_axis, to="reduced")


def inputs():
    return (np.arange(2 * 16, dtype=np.float32).reshape(2, 16),)


def main(counts):
    sched = MixtureScheduler()
    mesh = jax.make_mesh((2, 4), (sched.replica_axis, sched.domain_axis))
    spec = P(sched.replica_axis, sched.domain_axis)
    counts = jax.device_put(counts, NamedSharding(mesh, spec))
    out = P(None, None, sched.domain_axis, reduced={sched.replica_axis})
    return jax.shard_map(sched.observe, mesh=mesh, in_specs=spec, out_specs=out)(counts)


if __name__ == "__main__":
    main(*inputs())
