"""`__init__` unpacks the fields from what one of its methods returns on the keywords it was
given (`self.axis, self.to = self._options(**kwargs)`, Hugging Face pipelines'
`_sanitize_parameters`): the object built with `to="reduced"` gathers to 'reduced'."""
import jax
from jax.sharding import PartitionSpec as P


class Layer:
    def __init__(self, **kwargs):
        self.axis, self.to = self._options(**kwargs)

    def _options(self, axis="j", to="varying"):
        return axis, to

    def __call__(self, x):
        h = jax.lax.all_gather(x, self.axis, axis=1, tiled=True, to=self.to)
        return h.mean(axis=-1, keepdims=True)  # SF106


def main(mesh, x):
    return jax.shard_map(Layer(to="reduced"), mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
