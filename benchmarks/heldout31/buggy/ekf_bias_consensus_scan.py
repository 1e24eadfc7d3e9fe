"""IMU bias consensus across a drone swarm, iterated with lax.scan."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

SWARM_AXIS = "drone"


def swarm_mean(bias):
    return jax.lax.pmean(bias, SWARM_AXIS)


def consensus(bias, steps=3, rate=0.5):
    anchor = jax.lax.all_gather(bias, SWARM_AXIS, to="reduced", tiled=True).sum(axis=0)

    def step(b, _):
        target = swarm_mean(anchor)
        b = b + rate * (target - b)
        return b, jax.lax.pmax(jnp.abs(target - b).max(), (SWARM_AXIS, "sensor"))

    return jax.lax.scan(step, bias, None, length=steps)


def inputs():
    mesh = jax.make_mesh((4, 2), (SWARM_AXIS, "sensor"))
    bias = jnp.arange(8 * 4, dtype=jnp.float32).reshape(8, 4) * 0.001
    return mesh, jax.device_put(bias, NamedSharding(mesh, P(SWARM_AXIS, "sensor")))


def main(mesh, bias):
    return jax.shard_map(consensus, mesh=mesh, in_specs=P(SWARM_AXIS, "sensor"),
                         out_specs=(P(SWARM_AXIS, "sensor"), P(None)))(bias)
