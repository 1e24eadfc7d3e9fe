"""Checkpoint conversion for a torch-style state_dict: place by a sharding plan, export one tensor."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

TP_AXIS = "tp"
SHARDING_PLAN = {
    "encoder.layer.0.attention.self.query.weight": P(("dp", "tp"), None),
    "encoder.layer.0.attention.self.query.bias": P(None),
    "encoder.layer.0.output.dense.weight": P(None, "tp"),
}


def state_dict():
    return {
        "encoder.layer.0.attention.self.query.weight": np.eye(16, dtype=np.float32),
        "encoder.layer.0.attention.self.query.bias": np.zeros(16, np.float32),
        "encoder.layer.0.output.dense.weight": np.ones((16, 16), np.float32),
    }


def load_state_dict(mesh, sd):
    return {k: jax.device_put(v, NamedSharding(mesh, SHARDING_PLAN[k])) for k, v in sd.items()}


def export_tensor(sharded, key):
    return top_level_all_gather(sharded[key], P(TP_AXIS, None, reduced={"dp"}))


def inputs():
    return (state_dict(),)


def main(sd):
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    with jax.set_mesh(mesh):
        sharded = load_state_dict(mesh, sd)
        return export_tensor(sharded, "encoder.layer.0.attention.self.query.weight")


if __name__ == "__main__":
    print(main(*inputs()).sharding)
