"""load_state_dict of a table-cell classifier: a restored bias is re-centred on the running mean."""
from collections import OrderedDict

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("dp", "mp"))


class CellClassifier:
    def __init__(self, gather_axis="dp"):
        self.gather_axis = gather_axis
        self._buffers = OrderedDict()

    def register_buffer(self, name, value):
        self._buffers[name] = value

    def _load_from_state_dict(self, sd, prefix):
        bias = sd[prefix + "bias"] - self._buffers["running_mean"]
        return jax.lax.all_gather(bias, self.gather_axis, tiled=True, to="reduced")

    def load_state_dict(self, sd, prefix="cls."):
        bias = self._load_from_state_dict(sd, prefix)
        self.register_buffer("bias", bias)
        return bias


def restore(bias_shard, running_mean):
    model = CellClassifier()
    model.register_buffer("running_mean", running_mean)
    return model.load_state_dict({"cls.bias": bias_shard})


def inputs():
    rng = np.random.default_rng(45)
    bias = rng.normal(size=(8,)).astype(np.float32)
    mean = np.full((8,), 0.25, np.float32)
    return (jax.device_put(bias, NamedSharding(MESH, P("dp"))),
            jax.device_put(mean, NamedSharding(MESH, P("dp"))))


def main(bias, mean):
    fn = jax.shard_map(restore, mesh=MESH, in_specs=(P("dp"), P("dp")), out_specs=P(reduced={"dp"}))
    print("restored bias:", np.asarray(fn(bias, mean)))


if __name__ == "__main__":
    main(*inputs())
