"""Pipeline bubble accounting: idle slots per stage over a schedule, averaged over the job."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SCHEDULES = {
    "gpipe": lambda stages, micro: stages - 1,
    "1f1b": lambda stages, micro: stages - 1,
    "interleaved": lambda stages, micro: (stages - 1) / 2,
}


def make_bubble_fn(schedule, stages, micro, axes):
    warmup = SCHEDULES[schedule](stages, micro)

    def bubble(busy):
        total = busy.shape[-1] + warmup
        idle = (total - busy.sum(axis=-1)) / total
        idle = jax.lax.pmean(idle, axes[1])
        return jax.lax.pmean(jax.lax.pcast(idle, axes[1], to="varying"), axes)
    return bubble


def inputs():
    mesh = jax.make_mesh((4, 2), ("stage", "dp"))
    busy = (np.random.default_rng(23).random((4, 2, 12)) < 0.8).astype(np.float32)
    return mesh, jax.device_put(busy, NamedSharding(mesh, P("stage", "dp", None)))


def main(mesh, busy):
    fn = make_bubble_fn("1f1b", 4, 8, mesh.axis_names)
    f = jax.shard_map(fn, mesh=mesh, in_specs=P("stage", "dp", None), out_specs=P())
    return f(busy)


if __name__ == "__main__":
    main(*inputs())
