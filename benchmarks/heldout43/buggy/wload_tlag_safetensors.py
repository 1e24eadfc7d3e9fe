"""Stream safetensors-like shards into the runner's layout, one tensor at a time."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

CHECKPOINT_SPECS = {
    "embed_tokens.weight": P("tp", "fsdp"),
    "lm_head.weight": P("tp", "fsdp"),
    "norm.weight": P("fsdp"),
}
RUNNER_SPECS = {
    "embed_tokens.weight": P("tp", None, reduced={"fsdp"}),
    "lm_head.weight": P("fsdp", None, reduced={"tp"}),
}


class ShardedStateLoader:
    def __init__(self, mesh, tensors):
        self.mesh = mesh
        self.tensors = tensors

    def iter_weights(self):
        for name, host in self.tensors.items():
            sharding = NamedSharding(self.mesh, CHECKPOINT_SPECS[name])
            yield name, jax.make_array_from_callback(host.shape, sharding, lambda idx, h=host: h[idx])


def load_into_runner(loader):
    weights = {}
    for name, array in loader.iter_weights():
        weights[name] = top_level_all_gather(array, RUNNER_SPECS.get(name, P(None, reduced={"fsdp"})))
    return weights


def inputs():
    rng = np.random.default_rng(43)
    return ({
        "embed_tokens.weight": rng.normal(size=(32, 8)).astype(np.float32),
        "lm_head.weight": rng.normal(size=(32, 8)).astype(np.float32),
        "norm.weight": np.ones((8,), np.float32),
    },)


def main(tensors):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tp"))
    with jax.set_mesh(mesh):
        return load_into_runner(ShardedStateLoader(mesh, tensors))


if __name__ == "__main__":
    main(*inputs())
