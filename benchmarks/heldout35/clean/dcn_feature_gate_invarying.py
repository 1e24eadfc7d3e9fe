"""Feature-wise gating before the cross stack (a softmax over all input fields)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ACTIVATIONS = {
    "softmax": lambda z: jax.nn.softmax(z, axis=-1),
    "sigmoid": jax.nn.sigmoid,
}


class FieldGate:
    def __init__(self, activation="softmax", field_axis="feature"):
        self.activation = ACTIVATIONS[activation]
        self.field_axis = field_axis

    def __call__(self, field_logits):
        full = jax.lax.all_gather(field_logits, self.field_axis, axis=1, tiled=True, to="invarying")
        return self.activation(full)


def inputs():
    rng = np.random.default_rng(4)
    return (rng.normal(size=(8, 16)).astype(np.float32),)


def main(field_logits):
    mesh = jax.make_mesh((2, 4), ("batch", "feature"))
    gate = FieldGate()
    field_logits = jax.device_put(field_logits, NamedSharding(mesh, P("batch", "feature")))
    fn = jax.shard_map(gate, mesh=mesh, in_specs=P("batch", "feature"), out_specs=P("batch", None))
    return fn(field_logits)


if __name__ == "__main__":
    print(main(*inputs()))
