"""lingvo_lite/layers/attentions/mha_entropy.py

Multi-headed dot-product attention with heads split over 'mdl' and batch over 'data' (the
'replica' axis holds copies). fprop also returns the mean attention entropy, which the summary
code keeps as a reduced scalar per model shard for the TensorBoard writer.
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


class DotProductAttention(BaseLayer):
  HPARAMS = dict(model_dims=0, num_heads=0, dim_per_head=0, summary_axis='mdl')

  def init(self, key):
    ks = jax.random.split(key, 4)
    shape = (self.model_dims, self.num_heads, self.dim_per_head)
    return {n: jax.random.normal(k, shape) * 0.2 for n, k in zip(('q', 'k', 'v', 'post'), ks)}

  def _attend(self, x, wq, wk, wv, wpost):
    head_axis = self.weight_split_dims_mapping.proj[1]
    batch_axis = self.activation_split_dims_mapping.inp[0]
    q = jnp.einsum('btd,dnh->bnth', x, wq)
    k = jnp.einsum('btd,dnh->bnth', x, wk)
    v = jnp.einsum('btd,dnh->bnth', x, wv)
    probs = jax.nn.softmax(jnp.einsum('bnth,bnsh->bnts', q, k) / np.sqrt(self.dim_per_head), axis=-1)
    ctx = jnp.einsum('bnts,bnsh->bnth', probs, v)
    out = jax.lax.psum(jnp.einsum('bnth,dnh->btd', ctx, wpost), head_axis)
    ent = -jnp.sum(probs * jnp.log(probs + 1e-9))
    ent = jax.lax.psum(ent, (batch_axis, head_axis)) / probs.size
    summary = jax.lax.all_gather(ent[None], self.summary_axis, tiled=True, to='reduced')
    return out, summary

  def fprop(self, mesh, theta, x):
    w = split_spec(self.weight_split_dims_mapping.proj)
    act = split_spec(self.activation_split_dims_mapping.inp)
    fn = jax.shard_map(self._attend, mesh=mesh, in_specs=(act, w, w, w, w),
                       out_specs=(act, P(None, reduced={self.summary_axis})))
    return fn(x, theta['q'], theta['k'], theta['v'], theta['post'])


@experiment_registry.register
class MHA2x2x2(BaseExperiment):
  ICI_MESH_SHAPE = (2, 2, 2)
  MESH_AXIS_NAMES = ('replica', 'data', 'mdl')

  def task(self):
    return Config(DotProductAttention, model_dims=8, num_heads=4, dim_per_head=4,
                  mesh_axis_names=self.mesh_axis_names,
                  weight_split_dims_mapping=SplitDims(proj=(None, 'mdl', None)),
                  activation_split_dims_mapping=SplitDims(inp=('data', None, None)))


def inputs():
  rng = np.random.default_rng(8)
  return 'MHA2x2x2', rng.standard_normal((4, 6, 8)).astype(np.float32)


def main(exp_name, x):
  exp = experiment_registry.get(exp_name)()
  mesh = exp.make_mesh()
  layer = instantiate(exp.task())
  theta = {k: place(mesh, v, layer.weight_split_dims_mapping.proj)
           for k, v in layer.init(jax.random.PRNGKey(0)).items()}
  x = place(mesh, x, layer.activation_split_dims_mapping.inp)
  with jax.set_mesh(mesh):
    out, summary = layer.fprop(mesh, theta, x)
  print(out.shape, summary.shape)


if __name__ == '__main__':
  main(*inputs())
