"""Model-FLOPs utilisation of a benchmark run against the chip's peak."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("host", "chip"))
PEAK_TFLOPS = 197.0


def gather_flops(flops, *, axis):
    return jax.lax.all_gather(flops, axis, tiled=True, to="reduced")


def mfu(flops, step_time, *, axis, peak=PEAK_TFLOPS):
    achieved = gather_flops(flops, axis=axis)
    return achieved / (step_time * peak)


def inputs():
    f = jnp.linspace(50.0, 150.0, 8, dtype=jnp.float32)
    t = jnp.full((1,), 0.85, jnp.float32)
    return (jax.device_put(f, NamedSharding(MESH, P("chip"))),
            jax.device_put(t, NamedSharding(MESH, P())))


def main(flops, step_time):
    body = functools.partial(mfu, axis="chip")
    return jax.shard_map(body, mesh=MESH, in_specs=(P("chip"), P()),
                         out_specs=P(None, reduced={"chip"}))(flops, step_time)


if __name__ == "__main__":
    main(*inputs())
