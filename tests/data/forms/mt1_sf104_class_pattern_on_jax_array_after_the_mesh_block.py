"""`case "save", jax.Array() as w` is an isinstance test: the trained weights are a device array, so
the case runs top_level_all_gather after the `jax.set_mesh` block has ended (no context mesh:
JAX raises, run on jax 0.10.2)."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def export(phase, w):
    match phase, w:
        case "save", jax.Array() as full:
            return top_level_all_gather(full, P(None, "model", reduced={"fsdp"}))  # SF104
        case _:
            raise RuntimeError(f"nothing to save in {phase}")


def main():
    mesh = jax.make_mesh((4, 2), ("fsdp", "model"))
    with jax.set_mesh(mesh):
        w = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("fsdp", "model")))
        w = jax.jit(lambda v: v * 2)(w)
    return export("save", w)


if __name__ == "__main__":
    main()
