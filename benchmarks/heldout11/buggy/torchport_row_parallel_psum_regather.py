"""A PyTorch Megatron-LM port: modules keep a state_dict and run forward()."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DP, TP = "dp", "tp"


class Module:
    def __init__(self):
        self._parameters = {}

    def register_parameter(self, name, value):
        self._parameters[name] = value

    def state_dict(self):
        return dict(self._parameters)

    def __call__(self, *args):
        return self.forward(*args)


class RowParallelLinear(Module):
    def __init__(self, in_features, out_features, tp_axis=TP):
        super().__init__()
        self.tp_axis = tp_axis
        self.register_parameter("weight", np.full((in_features, out_features), 0.01, np.float32))

    def forward(self, x, weight):
        out = jax.lax.psum(x @ weight, self.tp_axis)
        # keep the full activation reduced so its cotangent is summed in backward
        return jax.lax.all_gather(out, self.tp_axis, axis=1, tiled=True, to="reduced")


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16) / 128.0,)


def main(x):
    mesh = jax.make_mesh((2, 4), (DP, TP))
    layer = RowParallelLinear(16, 8)
    w = jax.device_put(layer.state_dict()["weight"], NamedSharding(mesh, P(TP, None)))
    x = jax.device_put(x, NamedSharding(mesh, P(DP, TP)))
    fwd = jax.shard_map(layer, mesh=mesh, in_specs=(P(DP, TP), P(TP, None)),
                        out_specs=P(DP, None, reduced={TP}))
    return fwd(x, w)


if __name__ == "__main__":
    print(main(*inputs()).shape)
