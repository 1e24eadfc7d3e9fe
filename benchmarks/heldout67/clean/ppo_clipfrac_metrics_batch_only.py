"""PPO diagnostics: clip fraction and approximate KL, summed over every device for the logger."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

LOG_AXES = ("batch", "model")
CLIP_EPS = 0.2


def token_means(x, model_axis):
    return jax.lax.pmean(x.mean(axis=-1), model_axis)


def diagnostics(logp, old_logp):
    ratio = jnp.exp(logp - old_logp)
    clipped = (jnp.abs(ratio - 1.0) > CLIP_EPS).astype(jnp.float32)
    clipfrac = token_means(clipped, LOG_AXES[1])
    approx_kl = 0.5 * (logp - old_logp) ** 2
    return {
        "clipfrac": jax.lax.psum(clipfrac.sum(), axis_name=LOG_AXES[0]),
        "approx_kl": jax.lax.psum(approx_kl.sum(), axis_name=LOG_AXES),
    }


def inputs():
    mesh = jax.make_mesh((2, 4), LOG_AXES)
    s = NamedSharding(mesh, P(*LOG_AXES))
    return mesh, jax.device_put(-jnp.ones((4, 8)), s), jax.device_put(-jnp.full((4, 8), 1.3), s)


def main(mesh, logp, old_logp):
    fn = jax.shard_map(diagnostics, mesh=mesh, in_specs=(P(*LOG_AXES),) * 2,
                       out_specs={"clipfrac": P(), "approx_kl": P()})
    return fn(logp, old_logp)


if __name__ == "__main__":
    main(*inputs())
