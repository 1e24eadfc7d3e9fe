"""lingvo_lite/layers/embedding_softmax/tied_embedding.py

Tied input/output embedding: the table's rows are split over 'vocab'. For the output projection
each vocab shard gathers the full logits row and scales it by 1/sqrt(model_dims), the T5-style
scaling of tied logits.
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


class TiedEmbedding(BaseLayer):
  HPARAMS = dict(num_classes=0, model_dims=0, scale_logits=True)

  def init(self, key):
    return jax.random.normal(key, (self.num_classes, self.model_dims))

  def emb_lookup(self, mesh, table, ids):
    with jax.set_mesh(mesh):
      full = jax.reshard(table, P(None, None))
      return jnp.take(full, ids, axis=0)

  def _project(self, x, table):
    vocab_axis = self.weight_split_dims_mapping.emb[0]
    logits = x @ table.T
    logits = jax.lax.all_gather(logits, vocab_axis, axis=-1, tiled=True, to='reduced')
    if self.scale_logits:
      logits = logits / np.sqrt(self.model_dims)
    return logits

  def fprop(self, mesh, table, x):
    act = self.activation_split_dims_mapping
    vocab_axis = self.weight_split_dims_mapping.emb[0]
    fn = jax.shard_map(self._project, mesh=mesh,
                       in_specs=(split_spec(act.inp), split_spec(self.weight_split_dims_mapping.emb)),
                       out_specs=P(act.inp[0], None, reduced={vocab_axis}))
    return fn(x, table)


@experiment_registry.register
class TiedEmb2x4(BaseExperiment):
  ICI_MESH_SHAPE = (2, 4)
  MESH_AXIS_NAMES = ('data', 'vocab')

  def task(self):
    return Config(TiedEmbedding, num_classes=16, model_dims=8,
                  mesh_axis_names=self.mesh_axis_names,
                  weight_split_dims_mapping=SplitDims(emb=('vocab', None)),
                  activation_split_dims_mapping=SplitDims(inp=('data', None)))


def inputs():
  return 'TiedEmb2x4', np.array([0, 2, 4, 6, 8, 10, 12, 14], np.int32)


def main(exp_name, ids):
  exp = experiment_registry.get(exp_name)()
  mesh = exp.make_mesh()
  layer = instantiate(exp.task())
  table = place(mesh, layer.init(jax.random.PRNGKey(1)), layer.weight_split_dims_mapping.emb)
  x = layer.emb_lookup(mesh, table, ids)
  x = place(mesh, np.asarray(x), layer.activation_split_dims_mapping.inp)
  with jax.set_mesh(mesh):
    logits = layer.fprop(mesh, table, x)
  print(logits.shape)


if __name__ == '__main__':
  main(*inputs())
