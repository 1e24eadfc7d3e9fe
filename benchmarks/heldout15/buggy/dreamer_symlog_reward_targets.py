"""DreamerV3-like reward head targets: symlog of rewards shared along the sequence axis."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REWARD_CLIP = 20.0


def symlog(x):
    x = jnp.clip(x, -REWARD_CLIP, REWARD_CLIP)
    return jnp.sign(x) * jnp.log1p(jnp.abs(x))


def inputs():
    rew = (np.arange(64, dtype=np.float32) - 32).reshape(8, 8)
    return (rew,)


def targets(rew):
    seq = jax.lax.all_gather(rew, "seq", axis=1, tiled=True, to="reduced")
    return symlog(seq)


def reward_loss(pred, rew):
    target = targets(rew)
    err = jnp.mean((pred - target) ** 2)
    return jax.lax.pmean(err, ("env", "seq"))


def main(rew):
    mesh = jax.make_mesh((2, 4), ("env", "seq"))
    rew = jax.device_put(rew, NamedSharding(mesh, P("env", "seq")))
    pred = jax.device_put(jnp.zeros((8, 8)), NamedSharding(mesh, P("env", None)))
    f = jax.shard_map(reward_loss, mesh=mesh, in_specs=(P("env", None), P("env", "seq")),
                      out_specs=P())
    return f(pred, rew)


if __name__ == "__main__":
    print(main(*inputs()))
