"""Rollout buffer: episode returns are summed over the tensor axis then published to every rank."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class Rollout(NamedTuple):
    tokens: jax.Array
    logprobs: jax.Array
    rewards: jax.Array


class RolloutBuffer:
    axes = {"batch": "dp", "shard": "tp"}

    def returns(self, rollout: Rollout):
        per_token = jax.lax.psum(rollout.rewards, self.axes["shard"])
        return per_token.sum(axis=-1)

    def publish(self, rollout: Rollout):
        ret = self.returns(rollout)
        return jax.lax.all_gather(ret, self.axes["shard"], tiled=True, to="reduced")


def inputs():
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    s = NamedSharding(mesh, P("dp", "tp"))
    r = Rollout(jax.device_put(jnp.zeros((8, 16), jnp.int32), s),
                jax.device_put(-jnp.ones((8, 16)), s),
                jax.device_put(jnp.ones((8, 16)), s))
    return mesh, r


def main(mesh, rollout):
    buf = RolloutBuffer()
    spec = P("dp", "tp")
    fn = jax.shard_map(buf.publish, mesh=mesh, in_specs=(Rollout(spec, spec, spec),),
                       out_specs=P("dp", reduced={"tp"}))
    return fn(rollout)


if __name__ == "__main__":
    main(*inputs())
