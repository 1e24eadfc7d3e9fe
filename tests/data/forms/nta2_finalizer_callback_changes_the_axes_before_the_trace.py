"""A probe object is made and dropped at once: CPython collects it when its last reference goes
and runs its `weakref.finalize` callback then, which switches the plan to a psum over "j" only.
The step traced afterwards gathers a block varying on "i"; the plan's first value (a psum over
("i", "j")) is never read."""
import weakref

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PLAN = {"reduce": ("i", "j")}


class Probe:
    pass


def narrow_plan(axes):
    PLAN["reduce"] = axes


def probe_once():
    probe = Probe()
    weakref.finalize(probe, narrow_plan, "j")


def body(x):
    total = jax.lax.psum(jnp.sum(x), PLAN["reduce"])
    return jax.lax.all_gather(total, "i", to="reduced")


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    probe_once()
    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, reduced={"i"})))(x)


if __name__ == "__main__":
    main()
