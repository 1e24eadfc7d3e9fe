import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def layouts(mesh):
    return {
        "configs": NamedSharding(mesh, P("cand", None)),
        "trials": NamedSharding(mesh, P("cand", "feat")),
    }


def build_featurizer(mesh):
    table = layouts(mesh)

    def featurize(configs):
        tile_m, tile_n = configs[:, :1], configs[:, 1:2]
        logs = jnp.log2(configs)
        return jnp.concatenate([logs, tile_m * tile_n, tile_m / tile_n, jnp.ones_like(logs)], axis=1)

    return jax.jit(featurize, out_shardings=table["trials"])


def inputs():
    rng = np.random.default_rng(33)
    return (rng.choice([16.0, 32.0, 64.0, 128.0], size=(32, 2)).astype(np.float32),)


def main(configs):
    mesh = jax.make_mesh((4, 2), ("cand", "feat"))
    configs = jax.device_put(configs, layouts(mesh)["configs"])
    trials = build_featurizer(mesh)(configs)
    with jax.set_mesh(mesh):
        per_feature = top_level_all_gather(trials, P(None, "feat"))
    return per_feature


if __name__ == "__main__":
    print(main(*inputs()).shape)
