"""lingvo_lite/layers/embedding_softmax/vocab_parallel_logprobs.py

Vocab-parallel log-probabilities with the per-token log-partition kept for the host: the
partition function is summed over the vocab shards, the log-partition rows are gathered over
the batch shards (they vary along the batch) and kept reduced for the summary.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---------------------------------------------------------------------------------------------
# pax_lite: the few pieces of praxis/paxml this code base leans on (base_layer, pax_fiddle,
# experiment_registry), kept here so the layer file runs without the full stack.
# ---------------------------------------------------------------------------------------------
class Config:
  """A template: the layer class and its hyper-parameters; instantiated later."""

  def __init__(self, cls, **fields):
    object.__setattr__(self, 'cls', cls)
    object.__setattr__(self, 'fields', dict(fields))

  def __getattr__(self, name):
    fields = self.__dict__['fields']
    if name in fields:
      return fields[name]
    raise AttributeError(f'{self.cls.__name__} template has no field {name!r}')

  def __setattr__(self, name, value):
    self.fields[name] = value

  def clone(self, **overrides):
    fields = {k: v.clone() if isinstance(v, Config) else v for k, v in self.fields.items()}
    fields.update(overrides)
    return Config(self.cls, **fields)


def instantiate(cfg, **extra):
  if not isinstance(cfg, Config):
    return cfg
  fields = dict(cfg.fields)
  fields.update(extra)
  return cfg.cls(**fields)


class BaseLayer:
  """Hyper-parameters come from HPARAMS of every class in the MRO; children from templates."""
  HPARAMS = dict(name=None, mesh_axis_names=None, weight_split_dims_mapping=None,
                 activation_split_dims_mapping=None)

  def __init__(self, **fields):
    hparams = {}
    for klass in reversed(type(self).__mro__):
      hparams.update(getattr(klass, 'HPARAMS', {}))
    unknown = set(fields) - set(hparams)
    if unknown:
      raise TypeError(f'{type(self).__name__}: unknown hparams {sorted(unknown)}')
    hparams.update(fields)
    for key, value in hparams.items():
      setattr(self, key, value)
    self.children = {}
    self.setup()

  def setup(self):
    pass

  def create_child(self, name, cfg):
    extra = {'name': name}
    if cfg.fields.get('mesh_axis_names') is None:
      extra['mesh_axis_names'] = self.mesh_axis_names
    child = instantiate(cfg, **extra)
    self.children[name] = child
    setattr(self, name, child)
    return child

  def fprop(self, *args, **kwargs):
    raise NotImplementedError(type(self).__name__)

  def __call__(self, *args, **kwargs):
    return self.fprop(*args, **kwargs)


class SplitDims:
  """Nested sharding hparams: weight_split_dims_mapping.wi = (None, 'mdl')."""

  def __init__(self, **mappings):
    self.__dict__.update(mappings)


def split_spec(mapping):
  """('replica', 'mdl') -> P('replica', 'mdl'); None -> fully replicated."""
  return P() if mapping is None else P(*mapping)


class _ExperimentRegistry:

  def __init__(self):
    self._experiments = {}

  def register(self, cls=None, *, name=None):
    def wrap(klass):
      self._experiments[name or klass.__name__] = klass
      return klass
    return wrap if cls is None else wrap(cls)

  def get(self, name):
    return self._experiments[name]


experiment_registry = _ExperimentRegistry()


class BaseExperiment:
  ICI_MESH_SHAPE = (8,)
  MESH_AXIS_NAMES = ('replica',)

  @property
  def ici_mesh_shape(self):
    return self.ICI_MESH_SHAPE

  @property
  def mesh_axis_names(self):
    return self.MESH_AXIS_NAMES

  def make_mesh(self):
    return jax.make_mesh(tuple(self.ici_mesh_shape), tuple(self.mesh_axis_names))

  def task(self):
    raise NotImplementedError


def place(mesh, x, mapping):
  return jax.device_put(x, NamedSharding(mesh, split_spec(mapping)))
# ------------------------------------------------------------------------------ end pax_lite --


class VocabLogProbs(BaseLayer):
  HPARAMS = dict(input_dims=0, num_classes=0)

  def init(self, key):
    return jax.random.normal(key, (self.input_dims, self.num_classes)) * 0.3

  def _body(self, x, w):
    batch_axis, vocab_axis = self.activation_split_dims_mapping.logits
    logits = x @ w
    m = jax.lax.pmax(jnp.max(logits, axis=-1, keepdims=True), vocab_axis)
    z = jax.lax.psum(jnp.sum(jnp.exp(logits - m), axis=-1, keepdims=True), vocab_axis)
    log_z = jnp.log(z) + m
    every_row = jax.lax.all_gather(log_z, batch_axis, axis=0, tiled=True, to='reduced')
    return logits - log_z, every_row

  def fprop(self, mesh, w, x):
    batch_axis, vocab_axis = self.activation_split_dims_mapping.logits
    fn = jax.shard_map(self._body, mesh=mesh,
                       in_specs=(P(batch_axis, None), split_spec(self.weight_split_dims_mapping.softmax)),
                       out_specs=(split_spec(self.activation_split_dims_mapping.logits),
                                  P(None, None, reduced={batch_axis})))
    return fn(x, w)


@experiment_registry.register
class VocabLogProbs4x2(BaseExperiment):
  ICI_MESH_SHAPE = (4, 2)
  MESH_AXIS_NAMES = ('data', 'vocab')

  def task(self):
    return Config(VocabLogProbs, input_dims=8, num_classes=12,
                  mesh_axis_names=self.mesh_axis_names,
                  weight_split_dims_mapping=SplitDims(softmax=(None, 'vocab')),
                  activation_split_dims_mapping=SplitDims(logits=('data', 'vocab')))


def inputs():
  rng = np.random.default_rng(71)
  return 'VocabLogProbs4x2', rng.standard_normal((8, 8)).astype(np.float32)


def main(exp_name, x):
  exp = experiment_registry.get(exp_name)()
  mesh = exp.make_mesh()
  layer = instantiate(exp.task())
  w = place(mesh, layer.init(jax.random.PRNGKey(1)), layer.weight_split_dims_mapping.softmax)
  x = place(mesh, x, ('data', None))
  with jax.set_mesh(mesh):
    logp, log_z = layer.fprop(mesh, w, x)
  print(logp.shape, np.asarray(log_z).ravel().round(2))


if __name__ == '__main__':
  main(*inputs())
