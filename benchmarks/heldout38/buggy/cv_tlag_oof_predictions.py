import tomllib

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = tomllib.loads("""
[layout]
oof = ["fold", "data"]
stacking = ["data"]
reduced = ["fold"]
""")


def spec(entries, reduced=()):
    return P(*entries, reduced=set(reduced))


def inputs():
    rng = np.random.default_rng(55)
    return (rng.normal(size=(4, 16)).astype(np.float32),)


def stacking_features(oof, layout):
    return top_level_all_gather(oof, spec(layout["stacking"], layout["reduced"]))


def main(oof):
    layout = CONFIG["layout"]
    mesh = jax.make_mesh((2, 4), ("fold", "data"))
    oof = jax.device_put(oof, NamedSharding(mesh, spec(layout["oof"])))
    with jax.set_mesh(mesh):
        feats = stacking_features(oof, layout)
    return np.asarray(feats)


if __name__ == "__main__":
    main(*inputs())
