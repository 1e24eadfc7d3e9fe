"""GRPO per-token KL to the reference model (k3 estimator), accumulated in a scan over chunks."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

BETA = 0.04


def k3(policy_logp, ref_logp):
    log_ratio = ref_logp - policy_logp
    return jnp.exp(log_ratio) - log_ratio - 1.0


def kl_over_chunks(policy_chunks, ref_chunks):
    ref_all = jax.lax.all_gather(ref_chunks, "gen", axis=1, tiled=True, to="reduced")

    def step(carry, xs):
        pol, ref = xs
        kl = k3(pol, ref)
        return carry + BETA * kl.sum(), None

    total, _ = jax.lax.scan(step, jnp.zeros(()), (policy_chunks, ref_all))
    return total


def inputs():
    mesh = jax.make_mesh((2, 4), ("prompt", "gen"))
    pol = jax.device_put(-jnp.full((3, 8, 4), 0.7), NamedSharding(mesh, P()))
    ref = jax.device_put(-jnp.full((3, 8, 4), 0.9), NamedSharding(mesh, P(None, "gen", None)))
    return mesh, pol, ref


def main(mesh, pol, ref):
    fn = jax.shard_map(kl_over_chunks, mesh=mesh, in_specs=(P(None, None, None), P(None, "gen", None)),
                       out_specs=P())
    return fn(pol, ref)


if __name__ == "__main__":
    main(*inputs())
