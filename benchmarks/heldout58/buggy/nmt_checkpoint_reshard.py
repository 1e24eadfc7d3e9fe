"""Loading a trained translation checkpoint into the serving layout."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

TRAIN_SPECS = {
    "encoder.embed_tokens": P(("data", "model"), None),
    "decoder.embed_tokens": P(("data", "model"), None),
    "decoder.output_projection": P(None, "model"),
}

SERVE_SPECS = {
    "encoder.embed_tokens": P("data", None, reduced={"model"}),
    "decoder.embed_tokens": P("model", None),
    "decoder.output_projection": P(None, None, reduced={"model"}),
}


def load_state_dict(raw, mesh):
    return {
        name: jax.device_put(arr, NamedSharding(mesh, TRAIN_SPECS[name]))
        for name, arr in raw.items()
    }


def to_serving(state):
    served = {}
    for name, param in state.items():
        served[name] = top_level_all_gather(param, SERVE_SPECS[name])
    return served


def inputs():
    rng = np.random.default_rng(3)
    raw = {
        "encoder.embed_tokens": rng.standard_normal((32, 16), dtype=np.float32),
        "decoder.embed_tokens": rng.standard_normal((32, 16), dtype=np.float32),
        "decoder.output_projection": rng.standard_normal((16, 32), dtype=np.float32),
    }
    return (raw,)


def main(raw):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    with jax.set_mesh(mesh):
        state = load_state_dict(raw, mesh)
        return to_serving(state)


if __name__ == "__main__":
    main(*inputs())
