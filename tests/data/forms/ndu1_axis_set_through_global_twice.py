import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

_MESH = None
_TENSOR_AXIS = None
_SEQUENCE_PARALLEL = None


def initialize_model_parallel(tensor_size=4, sequence_parallel=True, data_axis="i", tensor_axis="j"):
    global _MESH, _TENSOR_AXIS, _SEQUENCE_PARALLEL
    _MESH = jax.make_mesh((8 // tensor_size, tensor_size), (data_axis, tensor_axis))
    _TENSOR_AXIS = tensor_axis
    _SEQUENCE_PARALLEL = sequence_parallel


def get_tensor_axis():
    return _TENSOR_AXIS


def gather_from_sequence_region(x):
    to = "reduced" if _SEQUENCE_PARALLEL else "varying"
    return jax.lax.all_gather(x, get_tensor_axis(), axis=0, tiled=True, to=to)


def norm_of_hidden(hidden):
    full = gather_from_sequence_region(hidden)
    return jnp.sqrt(jax.lax.psum(jnp.sum(jnp.square(full)), get_tensor_axis()))


def main():
    initialize_model_parallel(4)
    initialize_model_parallel(4, sequence_parallel=False)
    hidden = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(_MESH, P("j", None)))
    step = jax.jit(jax.shard_map(norm_of_hidden, mesh=_MESH, in_specs=P(get_tensor_axis(), None), out_specs=P()))
    return step(hidden)


if __name__ == "__main__":
    main()
