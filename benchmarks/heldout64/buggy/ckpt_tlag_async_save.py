"""Orbax-like composite save: per-item handlers, each leaf written with its own save layout."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

TRAIN_LAYOUT = {
    "params": P(("replica", "fsdp"), None),
    "opt_state": P("fsdp", None),
}

SAVE_ARGS = {
    "params": {"layout": P("fsdp", None, reduced={"replica"}), "dtype": np.float32},
    "opt_state": {"layout": P(None, None, reduced={"fsdp"}), "dtype": np.float32},
}


class ArrayHandler:
    def serialize(self, value, save_args):
        host_layout = save_args["layout"]
        return top_level_all_gather(value, host_layout).astype(save_args["dtype"])


class CompositeCheckpointer:
    def __init__(self, handlers):
        self.handlers = handlers

    def save(self, step, items, save_args):
        written = {}
        for name, value in items.items():
            handler = self.handlers[name]
            written[name] = handler.serialize(value, save_args[name])
        return step, written


def inputs():
    rng = np.random.default_rng(27)
    return {"params": rng.standard_normal((16, 4)).astype(np.float32),
            "opt_state": rng.standard_normal((16, 4)).astype(np.float32)}, 100


def main(state, step):
    mesh = jax.make_mesh((2, 4), ("replica", "fsdp"))
    ckptr = CompositeCheckpointer({"params": ArrayHandler(), "opt_state": ArrayHandler()})
    with jax.set_mesh(mesh):
        items = {k: jax.device_put(v, NamedSharding(mesh, TRAIN_LAYOUT[k])) for k, v in state.items()}
        return ckptr.save(step, items, SAVE_ARGS)


if __name__ == "__main__":
    main(*inputs())
