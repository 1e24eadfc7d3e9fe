"""An options container with __contains__/__getitem__/__len__; a temperature is applied if present."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Options:
    def __init__(self, pairs):
        self._pairs = list(pairs)

    def __len__(self):
        return len(self._pairs)

    def __contains__(self, key):
        return any(k == key for k, _ in self._pairs)

    def __getitem__(self, key):
        for k, v in self._pairs:
            if k == key:
                return v
        raise KeyError(key)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    opts = Options([("top_k", 5)])

    def body(logits):
        full = jax.lax.all_gather(logits, "data", axis=0, tiled=True, to="reduced")
        if len(opts) and "temperature" in opts:
            full = full / opts["temperature"]
        return full

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                         out_specs=P(None, "model", reduced={"data"}))(x)


if __name__ == "__main__":
    main()
