"""Relaxation to prior spread with the analysis members gathered to an invariant copy."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class RTPS:
    def __init__(self, alpha=0.7, member_axis="member"):
        self.alpha = alpha
        self.member_axis = member_axis

    def spread(self, ens):
        dev = ens - jax.lax.pmean(ens.mean(axis=0), self.member_axis)
        return jnp.sqrt(jax.lax.pmean(jnp.mean(dev ** 2, axis=0), self.member_axis))

    def relax(self, prior, posterior):
        sb, sa = self.spread(prior), self.spread(posterior)
        factor = 1.0 + self.alpha * (sb - sa) / sa
        mean_a = jax.lax.pmean(posterior.mean(axis=0), self.member_axis)
        members = jax.lax.all_gather(posterior - mean_a, self.member_axis, axis=0, tiled=True, to="invarying")
        return mean_a + members * factor


def inputs():
    rng = np.random.default_rng(15)
    prior = rng.standard_normal((8, 16)).astype(np.float32)
    return prior, 0.5 * prior + 0.1 * rng.standard_normal((8, 16)).astype(np.float32)


def main(prior, posterior):
    mesh = jax.make_mesh((2, 4), ("member", "region"))
    spec = P("member", "region")
    prior = jax.device_put(prior, NamedSharding(mesh, spec))
    posterior = jax.device_put(posterior, NamedSharding(mesh, spec))
    return jax.shard_map(RTPS().relax, mesh=mesh, in_specs=(spec, spec), out_specs=P(None, "region"))(prior, posterior)


if __name__ == "__main__":
    main(*inputs())
