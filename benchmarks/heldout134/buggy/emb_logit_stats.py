"""lingvo_lite/layers/embedding_softmax/sharded_softmax.py

Softmax layer whose vocabulary is split over the 'vocab' mesh axis (Pax-style
`SharedEmbeddingSoftmax`). Besides the log-probabilities it returns the log-partition function
per token, which the trainer logs for every vocab shard it is collected over.
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


class VocabShardedSoftmax(BaseLayer):
  HPARAMS = dict(input_dims=0, num_classes=0, stats_tpl=None)

  def setup(self):
    logits_axes = self.activation_split_dims_mapping.logits
    self.vocab_axis = logits_axes[-1]
    self.batch_axis = logits_axes[0]
    self.create_child('stats', self.stats_tpl.clone(axis=self.vocab_axis))

  def init(self, key):
    return jax.random.normal(key, (self.num_classes, self.input_dims)) * 0.1

  def _softmax(self, x, table):
    logits = x @ table.T
    row_max = jax.lax.pmax(jnp.max(logits, axis=-1, keepdims=True), self.vocab_axis)
    shifted = logits - row_max
    denom = jax.lax.psum(jnp.sum(jnp.exp(shifted), axis=-1, keepdims=True), self.vocab_axis)
    log_z = jnp.log(denom) + row_max
    return shifted - jnp.log(denom), self.stats(log_z)

  def fprop(self, mesh, table, x):
    fn = jax.shard_map(
        self._softmax, mesh=mesh,
        in_specs=(P(self.batch_axis, None), split_spec(self.weight_split_dims_mapping.emb)),
        out_specs=(split_spec(self.activation_split_dims_mapping.logits),
                   P(self.batch_axis, None, reduced={self.vocab_axis})))
    return fn(x, table)


class LogZStats(BaseLayer):
  HPARAMS = dict(axis=None)

  def fprop(self, log_z):
    return jax.lax.all_gather(log_z, self.axis, axis=1, tiled=True, to='reduced')


@experiment_registry.register
class VocabSoftmax4x2(BaseExperiment):
  ICI_MESH_SHAPE = (4, 2)
  MESH_AXIS_NAMES = ('data', 'vocab')

  def task(self):
    return Config(VocabShardedSoftmax, input_dims=16, num_classes=32,
                  stats_tpl=Config(LogZStats),
                  mesh_axis_names=self.mesh_axis_names,
                  weight_split_dims_mapping=SplitDims(emb=('vocab', None)),
                  activation_split_dims_mapping=SplitDims(logits=('data', 'vocab')))


def inputs():
  rng = np.random.default_rng(0)
  return 'VocabSoftmax4x2', rng.standard_normal((8, 16)).astype(np.float32)


def main(exp_name, x):
  exp = experiment_registry.get(exp_name)()
  mesh = exp.make_mesh()
  layer = instantiate(exp.task())
  table = place(mesh, layer.init(jax.random.PRNGKey(0)), layer.weight_split_dims_mapping.emb)
  x = place(mesh, x, ('data', None))
  with jax.set_mesh(mesh):
    logp, log_z = layer.fprop(mesh, table, x)
  print(logp.shape, log_z.shape)


if __name__ == '__main__':
  main(*inputs())
