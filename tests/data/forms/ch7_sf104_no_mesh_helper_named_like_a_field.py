"""The helper `export` runs after the `with jax.set_mesh` block has closed; a NamedTuple field of
the same name binds it in the class alone, so the helper's one caller is known."""
from typing import NamedTuple

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Layout(NamedTuple):
    train: P
    export: P


LAYOUT = Layout(P("i", None), P(None, None, reduced={"i"}))


def export(arr, spec):
    return top_level_all_gather(arr, spec)  # SF104


def main(mesh, x):
    w = jax.device_put(x, NamedSharding(mesh, LAYOUT.train))
    with jax.set_mesh(mesh):
        w = w * 2
    return export(w, LAYOUT.export)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jax.numpy.ones((8, 8)))
